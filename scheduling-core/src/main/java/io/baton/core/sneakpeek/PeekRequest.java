package io.baton.core.sneakpeek;

/**
 * One request in a scheduling window (paper §3.1): its application (index into the window's application list),
 * arrival and absolute deadline (ms), and θ̂, the posterior mean of its class frequencies given the SneakPeek
 * evidence ({@link DirichletPrior#posteriorMean}). The paper's relative penalties normalise lateness by a deadline
 * budget measured from arrival or from the scheduling time ({@link SchedulingWindow.DeadlineBudget}).
 */
public record PeekRequest(String id, int app, double arrivalMs, double deadlineMs, double[] theta) {

    public PeekRequest {
        if (id == null) throw new IllegalArgumentException("a request needs an id");
        if (app < 0) throw new IllegalArgumentException(id + ": app index must be ≥ 0");
        if (!Double.isFinite(arrivalMs) || !Double.isFinite(deadlineMs)) throw new IllegalArgumentException(id + ": times must be finite");
        theta = theta.clone();
    }

    @Override
    public double[] theta() {
        return theta.clone();
    }

    /** The label SneakPeek is confident about (θ_i &gt; 0.5, §5.3.2), or −1 when no class reaches it. */
    public int confidentLabel() {
        for (int i = 0; i < theta.length; i++) if (theta[i] > 0.5) return i;
        return -1;
    }

    /** argmax θ: what a short-circuited request answers (§5.3.1); the first class on ties. */
    public int predictedLabel() {
        int best = 0;
        for (int i = 1; i < theta.length; i++) if (theta[i] > theta[best]) best = i;
        return best;
    }
}
