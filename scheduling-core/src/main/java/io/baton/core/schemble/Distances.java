package io.baton.core.schemble;

/** The d(·,·) of eq. 1: Jensen–Shannon divergence for class distributions, Euclidean distance for regression. */
public final class Distances {
    private Distances() {}

    /** JS divergence in nats (0 ≤ JS ≤ ln 2). */
    public static double jensenShannon(double[] p, double[] q) {
        double js = 0;
        for (int c = 0; c < p.length; c++) {
            double mid = (p[c] + q[c]) / 2;
            if (p[c] > 0) js += 0.5 * p[c] * Math.log(p[c] / mid);
            if (q[c] > 0) js += 0.5 * q[c] * Math.log(q[c] / mid);
        }
        return Math.max(0, js);
    }

    public static double euclidean(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += (a[i] - b[i]) * (a[i] - b[i]);
        return Math.sqrt(s);
    }

    /** Symmetric KL divergence, the "ensemble agreement" measure of the Schemble(ea) baseline. */
    public static double symmetricKl(double[] p, double[] q) {
        double s = 0;
        for (int c = 0; c < p.length; c++) {
            double a = Math.max(p[c], 1e-12), b = Math.max(q[c], 1e-12);
            s += (a - b) * Math.log(a / b);
        }
        return s;
    }

    static double[] toDouble(float[] v) {
        double[] d = new double[v.length];
        for (int i = 0; i < v.length; i++) d[i] = v[i];
        return d;
    }
}
