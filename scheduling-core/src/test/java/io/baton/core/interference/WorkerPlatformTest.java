package io.baton.core.interference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Platforms of independent workers, their slowdown tables, and the bubble-pressure predictor's closed form. */
class WorkerPlatformTest {

    private static ModelProfile model(String name, double sensitivity, double pressure) {
        DeviceFeatures f = new DeviceFeatures(1, 0.1, pressure, 0, sensitivity, sensitivity);
        return new ModelProfile(name, Map.of(DeviceClass.GPU, f, DeviceClass.ACCELERATOR, f));
    }

    private static Platform workers(List<String> hosts, DeviceClass... classes) {
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) names.add("w" + i);
        return Platform.workers(names, List.of(classes), hosts.stream().map(h -> "cpu").toList(), hosts);
    }

    @Test
    void workersHaveNoContextLimitAndMayHaveSeveralGpus() {
        Platform p = workers(List.of("a", "a", "b"), DeviceClass.GPU, DeviceClass.GPU, DeviceClass.ACCELERATOR);
        assertThat(p.soc()).isFalse();
        assertThat(p.contextCap(2, 7)).isEqualTo(7);
        assertThat(p.contextBound()).containsExactly(false, false, false);
        assertThat(p.sharesMemory(0, 1)).isTrue();
        assertThat(p.sharesMemory(0, 2)).isFalse();
        assertThatThrownBy(() -> new Platform(List.of("g0", "g1"), List.of(DeviceClass.GPU, DeviceClass.GPU), List.of("g", "g")))
                .hasMessageContaining("at most one GPU");
        assertThat(Platform.xavier().contextCap(1, 5)).isEqualTo(Platform.CONTEXTS_PER_ACCELERATOR);
    }

    @Test
    void bubblePressureIsLinearInCoRunnerPressureAndSaturatesAtTheBubble() {
        ModelProfile t = model("t", 1.6, 0.2), half = model("half", 1.1, 0.5), heavy = model("heavy", 1.1, 0.8);
        BubblePressurePredictor p = BubblePressurePredictor.INSTANCE;
        DeviceClass c = DeviceClass.ACCELERATOR;
        assertThat(p.slowdown(t, c, List.of())).isEqualTo(1);
        assertThat(p.slowdown(t, c, List.of(new CoRunner(half, c)))).isCloseTo(1.3, within(1e-12));
        assertThat(p.slowdown(t, c, List.of(new CoRunner(half, c), new CoRunner(heavy, c)))).isCloseTo(1.6, within(1e-12));
        assertThat(p.slowdown(half, c, List.of(new CoRunner(t, c)))).isCloseTo(1.02, within(1e-12));
        assertThat(p.slowdown(model("insensitive", 1, 0), c, List.of(new CoRunner(heavy, c)))).isEqualTo(1);
    }

    @Test
    void onlyWorkersOnTheSameHostAreCoRunnersInTheTable() {
        List<ModelProfile> models = List.of(model("t", 1.6, 0.2), model("hog", 1.1, 1.0));
        Platform p = workers(List.of("a", "a", "b"), DeviceClass.ACCELERATOR, DeviceClass.ACCELERATOR, DeviceClass.ACCELERATOR);
        SlowdownTable table = SlowdownTable.build(BubblePressurePredictor.INSTANCE, p, models);
        assertThat(table.slowdown(0, 0, new int[] {0, 1, -1})).isCloseTo(1.6, within(1e-12)); // hog beside it on host a
        assertThat(table.slowdown(0, 0, new int[] {0, -1, 1})).isEqualTo(1); // hog on host b
        assertThat(table.slowdown(2, 0, new int[] {1, 1, 0})).isEqualTo(1); // alone on host b
        assertThat(SlowdownTable.entries(p, 2)).isEqualTo(2 * 3 + 2 * 3 + 2);
        // Brute force: every co-location of the table agrees with the predictor asked directly.
        for (int d = 0; d < 3; d++) {
            for (int a = -1; a < 2; a++) for (int b = -1; b < 2; b++) for (int m = 0; m < 2; m++) {
                int[] running = new int[3];
                int k = 0;
                for (int o = 0; o < 3; o++) running[o] = o == d ? m : (k++ == 0 ? a : b);
                List<CoRunner> co = new java.util.ArrayList<>();
                for (int o = 0; o < 3; o++) {
                    if (o != d && running[o] >= 0 && p.sharesMemory(d, o)) co.add(new CoRunner(models.get(running[o]), p.classOf(o)));
                }
                assertThat(table.slowdown(d, m, running))
                        .isEqualTo(BubblePressurePredictor.INSTANCE.slowdown(models.get(m), p.classOf(d), co));
            }
        }
    }

    @Test
    void tooManyCoLocationsPlanWithoutInterferenceInsteadOfNotAtAll() {
        List<String> hosts = java.util.Collections.nCopies(12, "one-host");
        DeviceClass[] classes = new DeviceClass[12];
        java.util.Arrays.fill(classes, DeviceClass.ACCELERATOR);
        Platform p = workers(hosts, classes);
        List<ModelProfile> models = List.of(model("a", 1.5, 0.5), model("b", 1.2, 0.3), model("c", 1.1, 0.9), model("d", 1.3, 0.1));
        assertThat(SlowdownTable.entries(p, 4)).isGreaterThan(SlowdownTable.MAX_ENTRIES);
        assertThatThrownBy(() -> SlowdownTable.build(BubblePressurePredictor.INSTANCE, p, models)).hasMessageContaining("too many");
        SlowdownTable fallback = SlowdownTable.forPlanning(BubblePressurePredictor.INSTANCE, p, models);
        assertThat(fallback.tabulated()).isFalse();
        assertThat(fallback.slowdown(3, 2, new int[12])).isEqualTo(1);
    }
}
