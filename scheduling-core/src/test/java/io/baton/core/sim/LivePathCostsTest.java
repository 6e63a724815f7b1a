package io.baton.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import io.baton.core.domain.Device;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.workload.ArrivalSource;
import io.baton.core.workload.TraceArrivals;
import org.junit.jupiter.api.Test;

/**
 * The live path's costs move a simulated request's latency by exactly what they say: on one device under
 * work-conserving, a lone request takes ℓ(1) + perBatch + perRequest + transfer, and a batch of three that waited for
 * it ℓ(3) + perBatch + 3·perRequest + transfer more.
 */
class LivePathCostsTest {

    /** ℓ(b) = 2 + 1.5·b ms. */
    private static final ServedModel MODEL = new ServedModel(0, "m", LatencyProfile.linear(1.5, 2), 1000, 8);
    private static final String TRACE = "0,m\n1,m\n1,m\n1,m\n";

    record End(long id, double finishMs, int batch) {
    }

    private static List<End> run(LivePathCosts costs) {
        SimulationSpec spec = new SimulationSpec(List.of(MODEL), List.of(Device.of(0)),
                () -> List.<ArrivalSource>of(new TraceArrivals(new StringReader(TRACE), n -> 0)), 100, 0, 0, 1, costs);
        List<End> ends = new ArrayList<>();
        SimulationResult r = Simulator.run(spec, Policies.create("work-conserving", scenario()),
                ExecutionModel.DEVICE, new RequestObserver() {
                    @Override
                    public void served(Request request, double finishMs, int batchSize) {
                        ends.add(new End(request.id, finishMs, batchSize));
                    }

                    @Override
                    public void dropped(Request request, DropReason reason) {
                        throw new AssertionError("nothing is dropped here: " + request);
                    }
                });
        assertThat(r.good()).isEqualTo(4);
        return ends;
    }

    private static Scenario scenario() {
        return new Scenario(1, 100, 0, 0, 1, List.of(ModelLoad.linear("m", 1.5, 2, 1000, 0, ModelLoad.Arrival.POISSON, 1)),
                List.of("work-conserving"), TRACE);
    }

    @Test
    void eachCostAddsExactlyItsOwnAmount() {
        List<End> bare = run(LivePathCosts.NONE);
        assertThat(bare).extracting(End::batch).containsExactly(1, 3, 3, 3);
        assertThat(bare.get(0).finishMs()).isEqualTo(3.5); // ℓ(1)
        assertThat(bare.get(1).finishMs()).isEqualTo(3.5 + 6.5); // then ℓ(3)

        LivePathCosts costs = new LivePathCosts(0.5, 0.25, 1.0);
        List<End> costly = run(costs);
        assertThat(costly).extracting(End::batch).containsExactly(1, 3, 3, 3);
        double first = 3.5 + 0.5 + 0.25 + 1.0;
        assertThat(costly.get(0).finishMs()).isEqualTo(first);
        assertThat(costly.get(1).finishMs()).isEqualTo(first + 6.5 + 0.5 + 3 * 0.25 + 1.0);
        assertThat(costs.batchMs(3)).isEqualTo(0.5 + 0.75 + 1.0);
    }

    @Test
    void theDefaultIsNoCostAndNegativeOnesAreRefused() {
        SimulationSpec spec = new SimulationSpec(List.of(MODEL), List.of(Device.of(0)), List::of, 1, 0, 0, 1);
        assertThat(spec.costs()).isEqualTo(LivePathCosts.NONE);
        assertThatThrownBy(() -> new LivePathCosts(-1, 0, 0)).hasMessageContaining("perBatchMs");
        assertThatThrownBy(() -> new LivePathCosts(0, Double.NaN, 0)).hasMessageContaining("perRequestMs");
        assertThatThrownBy(() -> new LivePathCosts(0, 0, Double.POSITIVE_INFINITY)).hasMessageContaining("transferMs");
    }
}
