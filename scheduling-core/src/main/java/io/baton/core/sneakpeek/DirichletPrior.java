package io.baton.core.sneakpeek;

import java.util.Arrays;

/**
 * The Dirichlet prior over an application's class frequencies θ (paper eq. 10) and its conjugate update with the
 * k-NN evidence y (eq. 11): θ | y ~ Dirichlet(α + y). The point estimate is the posterior mean
 * θ̂_i = (α_i + y_i) / (Σα + Σy): the paper does not say which point estimate it uses; the mean is always defined
 * (the mode is not when some α_i + y_i &lt; 1, as with the Jeffreys prior and y_i = 0).
 *
 * @param alpha α_i &gt; 0 per class; the default is Jeffreys' α_i = 0.5 (§4.2, §6.3.3)
 */
public record DirichletPrior(double[] alpha) {

    public DirichletPrior {
        if (alpha == null || alpha.length == 0) throw new IllegalArgumentException("a prior needs at least one class");
        for (int i = 0; i < alpha.length; i++) {
            if (!(alpha[i] > 0) || Double.isInfinite(alpha[i])) throw new IllegalArgumentException("alpha[" + i + "] must be finite and > 0, got " + alpha[i]);
        }
        alpha = alpha.clone();
    }

    /** α_i = 0.5 for every class: the uninformative (Jeffreys) default. */
    public static DirichletPrior jeffreys(int classes) {
        return constant(classes, 0.5);
    }

    public static DirichletPrior constant(int classes, double a) {
        double[] al = new double[classes];
        Arrays.fill(al, a);
        return new DirichletPrior(al);
    }

    public int classes() {
        return alpha.length;
    }

    @Override
    public double[] alpha() {
        return alpha.clone();
    }

    /** θ̂ = (α + y)/(Σα + Σy), the posterior mean after evidence y (neighbour-label counts, each ≥ 0). */
    public double[] posteriorMean(double[] evidence) {
        if (evidence.length != alpha.length) throw new IllegalArgumentException("evidence has " + evidence.length + " classes, the prior " + alpha.length);
        double total = 0;
        for (int i = 0; i < alpha.length; i++) {
            if (!(evidence[i] >= 0) || Double.isInfinite(evidence[i])) throw new IllegalArgumentException("evidence[" + i + "] must be finite and ≥ 0, got " + evidence[i]);
            total += alpha[i] + evidence[i];
        }
        double[] theta = new double[alpha.length];
        for (int i = 0; i < alpha.length; i++) theta[i] = (alpha[i] + evidence[i]) / total;
        return theta;
    }

    /** The prior mean α/Σα: what θ̂ is with no evidence. */
    public double[] mean() {
        return posteriorMean(new double[alpha.length]);
    }
}
