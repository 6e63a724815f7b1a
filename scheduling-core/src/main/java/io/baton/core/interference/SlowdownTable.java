package io.baton.core.interference;

import java.util.ArrayList;
import java.util.List;

/**
 * A predictor's answers for one workload, precomputed for every co-location: the slowdown of model m on device
 * d while each other device runs one of the models or idles. The sampled simulation looks slowdowns up here
 * instead of evaluating the MLP a million times per plan. Size: devices × models × (models + 1)^(devices − 1)
 * (882 entries for six models on a Xavier).
 */
public final class SlowdownTable {
    private final int models, devices;
    private final double[] table;

    private SlowdownTable(int models, int devices, double[] table) {
        this.models = models;
        this.devices = devices;
        this.table = table;
    }

    /**
     * The co-runners beside {@code target} that co-location {@code code} stands for: the other devices in order,
     * each a base-(m+1) digit of the code, 0 = idle, k = running model k−1. Codes run from 0 to (m+1)^(d−1) − 1.
     */
    static List<CoRunner> coRunners(List<ModelProfile> models, Platform platform, int target, int code) {
        int m = models.size();
        List<CoRunner> co = new ArrayList<>();
        int c = code;
        for (int other = 0; other < platform.size(); other++) {
            if (other == target) continue;
            int running = c % (m + 1) - 1;
            c /= m + 1;
            if (running >= 0) co.add(new CoRunner(models.get(running), platform.classOf(other)));
        }
        return co;
    }

    public static SlowdownTable build(InterferencePredictor predictor, Platform platform, List<ModelProfile> models) {
        int m = models.size(), d = platform.size();
        long combos = (long) Math.pow(m + 1, d - 1);
        if ((long) d * m * combos > 50_000_000L) throw new IllegalArgumentException("too many co-locations to tabulate");
        double[] t = new double[(int) (d * m * combos)];
        for (int target = 0; target < d; target++) {
            for (int code = 0; code < combos; code++) {
                List<CoRunner> co = coRunners(models, platform, target, code);
                for (int tm = 0; tm < m; tm++) {
                    double s = predictor.slowdown(models.get(tm), platform.classOf(target), co);
                    if (!(s > 0) || Double.isInfinite(s)) throw new IllegalStateException(predictor.name() + " predicted slowdown " + s);
                    t[(int) ((target * (long) m + tm) * combos + code)] = s;
                }
            }
        }
        return new SlowdownTable(m, d, t);
    }

    /**
     * @param running the model running on each device, −1 where idle; the entry of {@code device} itself is ignored
     */
    public double slowdown(int device, int model, int[] running) {
        int code = 0, mul = 1;
        for (int other = 0; other < devices; other++) {
            if (other == device) continue;
            code += (running[other] + 1) * mul;
            mul *= models + 1;
        }
        return table[(device * models + model) * mul + code];
    }

    public int models() {
        return models;
    }

    public int devices() {
        return devices;
    }
}
