package io.baton.core.domain;

import java.util.Map;

/** Least-squares fits of latency against batch size. */
final class Fits {
    private Fits() {}

    /**
     * {β, α} of ℓ(b) = α·b + β; clamped to be non-negative. One point (a model that does not batch is profiled at
     * batch 1 alone) gives the flat line through it, α = 0, β = ℓ: one measurement says nothing of a slope, and a
     * cost that grew with b would be invented.
     */
    static double[] linear(Map<Integer, Double> pts) {
        int n = pts.size();
        if (n == 1) {
            return new double[] {pts.values().iterator().next(), 0};
        }
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (var e : pts.entrySet()) {
            double x = e.getKey(), y = e.getValue();
            sx += x; sy += y; sxx += x * x; sxy += x * y;
        }
        double alpha = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        double beta = (sy - alpha * sx) / n;
        if (alpha < 0) { alpha = 0; beta = sy / n; }
        if (beta < 0) { beta = 0; alpha = sxy / sxx; }
        return new double[] {beta, alpha};
    }

    /** {c0, c1, c2} of ℓ(b) = c0 + c1·b + c2·b²; falls back to the linear fit below three points. */
    static double[] quadratic(Map<Integer, Double> pts) {
        if (pts.size() < 3) {
            double[] l = linear(pts);
            return new double[] {l[0], l[1], 0};
        }
        // Normal equations of the 3-parameter least-squares problem, solved by Cramer's rule.
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, t0 = 0, t1 = 0, t2 = 0;
        for (var e : pts.entrySet()) {
            double x = e.getKey(), y = e.getValue(), x2 = x * x;
            s0 += 1; s1 += x; s2 += x2; s3 += x2 * x; s4 += x2 * x2;
            t0 += y; t1 += x * y; t2 += x2 * y;
        }
        double[][] m = {{s0, s1, s2}, {s1, s2, s3}, {s2, s3, s4}};
        double det = det3(m);
        double[] c = new double[3];
        double[] t = {t0, t1, t2};
        for (int k = 0; k < 3; k++) {
            double[][] mk = {m[0].clone(), m[1].clone(), m[2].clone()};
            for (int r = 0; r < 3; r++) mk[r][k] = t[r];
            c[k] = det3(mk) / det;
        }
        return c;
    }

    private static double det3(double[][] m) {
        return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    }
}
