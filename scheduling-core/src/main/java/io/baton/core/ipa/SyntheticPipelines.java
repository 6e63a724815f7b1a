package io.baton.core.ipa;

import io.baton.core.domain.LatencyProfile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random pipelines in the style of the paper's scalability study (Fig. 13: up to 10 stages × 10 variants; the
 * artifact sweeps 1–20 models and 1–10 tasks with synthetic profiles). Used by tests (solver cross-checks) and by
 * {@code baton bench ipa-solver}.
 *
 * <p>Within a stage, more accurate variants are slower and get more cores (as in Tables 7–14); each variant's
 * latency is a convex quadratic in the batch size, measured at 1, 2, 4 … 64.
 */
public final class SyntheticPipelines {

    private SyntheticPipelines() {}

    public static Pipeline random(int stages, int variants, Random rnd) {
        List<PipelineStage> out = new ArrayList<>();
        for (int s = 0; s < stages; s++) {
            List<ModelVariant> vs = new ArrayList<>();
            double base = 20 + 200 * rnd.nextDouble();
            double acc = 0.3 + 0.3 * rnd.nextDouble();
            int cores = 1;
            for (int m = 0; m < variants; m++) {
                double c0 = base * (1 + 0.5 * m) * (0.8 + 0.4 * rnd.nextDouble());
                double c1 = c0 * (0.2 + 0.4 * rnd.nextDouble());
                double c2 = c0 * 0.01 * rnd.nextDouble();
                Map<Integer, Double> pts = new LinkedHashMap<>();
                for (int b = 1; b <= 64; b *= 2) pts.put(b, round(c0 + c1 * b + c2 * b * b));
                vs.add(new ModelVariant("s" + s + "v" + m, round(acc, 1e4), cores,
                        LatencyProfile.measured(pts, LatencyProfile.Fit.QUADRATIC)));
                acc = Math.min(1, acc + (1 - acc) * 0.3 * rnd.nextDouble());
                if (rnd.nextInt(3) == 0) cores = Math.min(32, cores * 2);
            }
            out.add(new PipelineStage("stage" + s, vs));
        }
        return new Pipeline("synthetic-" + stages + "x" + variants, out);
    }

    private static double round(double x) {
        return round(x, 1e3);
    }

    private static double round(double x, double scale) {
        return Math.round(x * scale) / scale;
    }
}
