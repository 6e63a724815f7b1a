package io.baton.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.core.sim.ModelLoad;
import io.baton.core.sim.Policies;
import io.baton.core.sim.Scenario;
import io.baton.core.sim.SimulationResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Symphony's goodput asks every model to meet its SLO, not the requests pooled over models. */
class GoodputSearchTest {

    /** A popular model any device serves easily, and a rare one whose SLO is shorter than its batch of one. */
    private static Scenario popularAndHopeless() {
        List<ModelLoad> models = List.of(
                ModelLoad.linear("popular", 0.01, 0.1, 100, 1000, ModelLoad.Arrival.POISSON, 1),
                ModelLoad.linear("hopeless", 1, 19, 10, 5, ModelLoad.Arrival.POISSON, 1));
        return new Scenario(3, 4000, 400, 0, 2, models, List.of("work-conserving"), null);
    }

    @Test
    void theSimulatorReportsTheWorstModelsBadRateBesideThePooledOne() {
        SimulationResult r = Policies.simulate("work-conserving", popularAndHopeless());
        // pooled, the hopeless model's requests are half a percent of the offered load
        assertThat(r.badRate()).isPositive().isLessThan(0.01);
        assertThat(r.worstModelBadRate()).isEqualTo(1.0);
        assertThat(GoodputSearch.sustained(r)).isFalse();
    }

    @Test
    void aModelThatNeverMeetsItsSloLeavesNoGoodputAtAnyLoad() {
        Scenario s = popularAndHopeless();
        var g = new GoodputSearch(6, 2_000).search("work-conserving", s, GoodputSearch.idealCapacity(s));
        assertThat(g.rate()).isZero();
    }

    @Test
    void goodputOfOneModelLiesBelowTheIdealCapacityAndNearIt() {
        Scenario s = new Scenario(5, 4000, 400, 0, 4,
                List.of(ModelLoad.linear("m", 1, 5, 40, 100, ModelLoad.Arrival.POISSON, 1)), List.of("symphony"), null);
        double ideal = GoodputSearch.idealCapacity(s);
        var g = new GoodputSearch(10, 5_000).search("symphony", s, ideal);
        assertThat(g.rate()).isLessThan(ideal).isGreaterThan(0.5 * ideal);
        assertThat(g.run().worstModelBadRate()).isLessThanOrEqualTo(GoodputSearch.BAD_RATE_LIMIT);
        assertThat(g.run().badRate()).isLessThanOrEqualTo(g.run().worstModelBadRate());
    }
}
