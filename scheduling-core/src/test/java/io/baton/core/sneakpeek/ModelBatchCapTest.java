package io.baton.core.sneakpeek;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.baton.core.domain.LatencyProfile;
import org.junit.jupiter.api.Test;

/**
 * A variant's own batch cap binds SneakPeek's batched execution as the window's does: a model that does not batch
 * (cap 1, its profile the one batch-1 point) runs a group's requests one after another, never as one batch.
 */
class ModelBatchCapTest {

    private static SchedulingWindow window(int modelCap, int windowCap, int requests) {
        LatencyProfile flat = LatencyProfile.measured(Map.of(1, 10.0), LatencyProfile.Fit.LINEAR);
        ModelVariant m = new ModelVariant("m", flat, 0, 1, new double[] {0.9, 0.8}, 0.85, modelCap);
        AppProfile app = new AppProfile("app", new Penalty.Step(), new DirichletPrior(new double[] {0.5, 0.5}),
                List.of(m), Double.NaN);
        List<PeekRequest> rs = new ArrayList<>();
        for (int i = 0; i < requests; i++) rs.add(new PeekRequest("r" + i, 0, 0, 1000, new double[] {0.5, 0.5}));
        return SchedulingWindow.of(0, List.of(app), rs,
                new SchedulingWindow.Options(true, false, ExecutionMode.BATCHED, windowCap));
    }

    @Test
    void aModelThatDoesNotBatchRunsEachRequestAlone() {
        SchedulingWindow w = window(1, 8, 4);
        assertThat(w.maxBatch(0)).isEqualTo(1);
        double[] completion = new double[4];
        double end = Execution.run(w, w.model(0, 0), new int[] {0, 1, 2, 3}, 0, 4, 0, completion);
        assertThat(completion).containsExactly(10, 20, 30, 40);
        assertThat(end).isCloseTo(40, within(1e-9));
    }

    @Test
    void theSmallerOfTheModelsAndTheWindowsCapBinds() {
        for (int[] caps : new int[][] {{2, 8, 2}, {8, 3, 3}, {Integer.MAX_VALUE, 5, 5}}) {
            SchedulingWindow w = window(caps[0], caps[1], 7);
            assertThat(w.maxBatch(0)).isEqualTo(caps[2]);
            double[] completion = new double[7];
            Execution.run(w, w.model(0, 0), new int[] {0, 1, 2, 3, 4, 5, 6}, 0, 7, 0, completion);
            // flat ℓ = 10 per batch: request i finishes with batch ⌊i / cap⌋
            for (int i = 0; i < 7; i++) assertThat(completion[i]).isEqualTo(10.0 * (i / caps[2] + 1));
        }
    }
}
