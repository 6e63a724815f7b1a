package io.baton.core.sneakpeek;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.domain.LatencyProfile;
import org.junit.jupiter.api.Test;

/** Eqs. 9–11 and the penalties against hand computation. */
class PosteriorAndAccuracyTest {

    @Test
    void posteriorMeanOfThePapersFallExample() {
        // Jeffreys prior, k = 5, y = <2, 3> (§4.2): θ = (0.5+2, 0.5+3)/(1+5) = (2.5/6, 3.5/6).
        double[] theta = DirichletPrior.jeffreys(2).posteriorMean(new double[] {2, 3});
        assertThat(theta[0]).isCloseTo(2.5 / 6, within(1e-15));
        assertThat(theta[1]).isCloseTo(3.5 / 6, within(1e-15));
        // The contract example: recall [0.9, 0.6] → 0.9·2.5/6 + 0.6·3.5/6 = 0.725.
        assertThat(ModelVariant.accuracy(theta, new double[] {0.9, 0.6})).isCloseTo(0.725, within(1e-15));
    }

    @Test
    void papersThresholdsForConfidentLabels() {
        // §4.2 worked thresholds with Jeffreys and k = 5: binary needs y ≥ 3, 6 classes y ≥ 4, 7 classes y ≥ 4.
        assertThat(label(2, 3)).isEqualTo(0);
        assertThat(label(2, 2)).isEqualTo(1); // the other class then has 3
        assertThat(label(6, 4)).isEqualTo(0);
        assertThat(label(6, 3)).isEqualTo(-1);
        assertThat(label(7, 4)).isEqualTo(0);
        assertThat(label(7, 3)).isEqualTo(-1);
    }

    private static int label(int classes, int votesForZero) {
        double[] y = new double[classes];
        y[0] = votesForZero;
        y[1] = 5 - votesForZero;
        return new PeekRequest("r", 0, 0, 1, DirichletPrior.jeffreys(classes).posteriorMean(y)).confidentLabel();
    }

    @Test
    void informativePriorsAndNoEvidence() {
        DirichletPrior strong = new DirichletPrior(new double[] {9.5, 0.5});
        assertThat(strong.mean()).containsExactly(0.95, 0.05);
        // (9.5 + 0)/(10 + 5), (0.5 + 5)/(15)
        assertThat(strong.posteriorMean(new double[] {0, 5})[1]).isCloseTo(5.5 / 15, within(1e-15));
        assertThatThrownBy(() -> new DirichletPrior(new double[] {0.5, 0})).hasMessageContaining("alpha[1]");
        assertThatThrownBy(() -> DirichletPrior.jeffreys(2).posteriorMean(new double[] {1})).hasMessageContaining("classes");
    }

    @Test
    void profiledAccuracyIsEquationNineWithTestFrequencies() {
        // Z = [[40, 10], [5, 45]]: recall (0.8, 0.9), test frequencies (0.5, 0.5), tr/Σ = 85/100.
        ModelVariant m = ModelVariant.withTestFrequencies("m", LatencyProfile.linear(1, 0), 0, 1,
                new double[] {0.8, 0.9}, new double[] {0.5, 0.5});
        assertThat(m.profiledAccuracy()).isCloseTo(0.85, within(1e-15));
        assertThat(m.dataAwareAccuracy(new double[] {0.95, 0.05})).isCloseTo(0.805, within(1e-15));
    }

    @Test
    void contractPenalties() {
        assertThat(new Penalty.Step().gamma(0, 100)).isZero();
        assertThat(new Penalty.Step().gamma(0.001, 100)).isEqualTo(1.0);
        assertThat(new Penalty.Linear(0.01).gamma(-5, 100)).isZero();
        assertThat(new Penalty.Linear(0.01).gamma(30, 100)).isCloseTo(0.3, within(1e-15));
        assertThat(new Penalty.Linear(0.01).gamma(300, 100)).isEqualTo(1.0);
        assertThat(new Penalty.Sigmoid(10).gamma(0, 100)).isEqualTo(0.5);
        assertThat(new Penalty.Sigmoid(10).gamma(10, 100)).isCloseTo(1 / (1 + Math.exp(-1)), within(1e-15));
        assertThat(new Penalty.Sigmoid(10).gamma(-1e6, 100)).isZero();
    }

    @Test
    void papersRelativePenaltiesReadWithMin() {
        Penalty s = new Penalty.RelativeSigmoid();
        assertThat(s.gamma(-1, 150)).isZero();
        assertThat(s.gamma(75, 150)).isCloseTo(0.5, within(1e-15)); // e = 1.5·d
        assertThat(s.gamma(150, 150)).isEqualTo(1.0);               // e = 2·d
        assertThat(s.gamma(30, 150)).isCloseTo(0.008 / (0.008 + 0.512), within(1e-15)); // x = 0.2
        Penalty l = new Penalty.RelativeLinear();
        assertThat(l.gamma(30, 150)).isCloseTo(0.2, within(1e-15));
        assertThat(l.gamma(400, 150)).isEqualTo(1.0);
    }

    @Test
    void relativePenaltyBudgetFromArrivalOrFromTheSchedulingTime() {
        ModelVariant m = new ModelVariant("f1", LatencyProfile.linear(12, 0), 30, 1, new double[] {0.9, 0.6}, 0.7);
        AppProfile app = new AppProfile("fall", new Penalty.RelativeSigmoid(), DirichletPrior.jeffreys(2), java.util.List.of(m), Double.NaN);
        // Arrived at 0 with a 150 ms budget, scheduled at 100 (the window's end), a second one already past its deadline.
        var reqs = java.util.List.of(new PeekRequest("r1", 0, 0, 150, new double[] {0.5, 0.5}),
                new PeekRequest("r2", 0, 0, 90, new double[] {0.5, 0.5}));
        var opts = new SchedulingWindow.Options(false, false, ExecutionMode.SEQUENTIAL, 1);
        assertThat(opts.budget()).as("the 4-argument options keep the budget from arrival (live engine)")
                .isEqualTo(SchedulingWindow.DeadlineBudget.FROM_ARRIVAL);
        var fromArrival = SchedulingWindow.of(100, java.util.List.of(app), reqs, opts);
        var fromNow = SchedulingWindow.of(100, java.util.List.of(app), reqs, opts.withBudget(SchedulingWindow.DeadlineBudget.FROM_NOW));
        assertThat(fromArrival.budget(0)).isEqualTo(150.0);
        assertThat(fromNow.budget(0)).isEqualTo(50.0);
        // Completing at 175 is 25 ms late: x = 25/150 from arrival, x = 25/50 = 0.5 (γ = 0.5) from now.
        double x = 25.0 / 150;
        assertThat(fromArrival.gamma(0, 175)).isCloseTo(x * x * x / (x * x * x + (1 - x) * (1 - x) * (1 - x)), within(1e-15));
        assertThat(fromNow.gamma(0, 175)).isCloseTo(0.5, within(1e-15));
        assertThat(fromNow.utility(0, 0, 175)).isCloseTo(0.7 * 0.5, within(1e-15));
        assertThat(fromNow.gamma(0, 150)).isZero();
        assertThat(fromNow.gamma(0, 200)).isEqualTo(1.0); // e − now = 2·d
        // No time left at scheduling: any lateness costs everything.
        assertThat(fromNow.budget(1)).isEqualTo(-10.0);
        assertThat(fromNow.gamma(1, 91)).isEqualTo(1.0);
        // Absolute (contract) penalties do not read the budget.
        AppProfile step = new AppProfile("fall", new Penalty.Step(), DirichletPrior.jeffreys(2), java.util.List.of(m), Double.NaN);
        var c = SchedulingWindow.of(100, java.util.List.of(step), reqs, SchedulingWindow.Options.contract(false));
        assertThat(c.options().budget()).isEqualTo(SchedulingWindow.DeadlineBudget.FROM_ARRIVAL);
        assertThat(c.gamma(0, 150)).isZero();
        assertThat(c.gamma(0, 150.5)).isEqualTo(1.0);
    }

    @Test
    void windowAccuraciesAreDataAwareOrProfiled() {
        ModelVariant m = new ModelVariant("f1", LatencyProfile.linear(12, 0), 30, 1, new double[] {0.9, 0.6}, 0.7);
        AppProfile app = new AppProfile("fall", new Penalty.Step(), DirichletPrior.jeffreys(2), java.util.List.of(m), 0.6);
        PeekRequest r = new PeekRequest("r1", 0, 0, 150, app.prior().posteriorMean(new double[] {2, 3}));
        var da = SchedulingWindow.of(0, java.util.List.of(app), java.util.List.of(r), SchedulingWindow.Options.contract(true));
        assertThat(da.accuracy(0, 0)).isCloseTo(0.725, within(1e-15));
        assertThat(da.candidateCount(0)).isEqualTo(2);
        assertThat(da.accuracy(0, 1)).isEqualTo(0.6); // short-circuit: profiled, never data-aware
        assertThat(da.modelName(da.model(0, 1))).isEqualTo("sneakpeek");
        var prof = SchedulingWindow.of(0, java.util.List.of(app), java.util.List.of(r),
                new SchedulingWindow.Options(false, false, ExecutionMode.SEQUENTIAL, 1));
        assertThat(prof.accuracy(0, 0)).isEqualTo(0.7);
        assertThat(prof.candidateCount(0)).isEqualTo(1);
    }
}
