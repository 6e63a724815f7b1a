package io.baton.core.interference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A predictor's answers for one workload, precomputed for every co-location: the slowdown of model m on device
 * d while each device that shares d's memory runs one of the models or idles. The sampled simulation looks
 * slowdowns up here instead of evaluating the MLP a million times per plan. Size: Σ over devices d of
 * models × (models + 1)^(devices sharing d's memory − 1) (882 entries for six models on a Xavier, where every
 * device shares the one memory controller). On a platform of independent workers only workers on the same host
 * are co-runners ({@link Platform#sharesMemory}), so the table grows with the workers per host, not in all.
 */
public final class SlowdownTable {
    /** The most entries a table may have (beyond it, building one would take seconds of predictor calls). */
    public static final long MAX_ENTRIES = 20_000_000L;

    private final int models, devices;
    /** Per device, the other devices sharing its memory, in device order. */
    private final int[][] peers;
    /** Per device, where its block starts and how many co-location codes it has. */
    private final long[] offset, combos;
    private final double[] table; // null: every slowdown is 1

    private SlowdownTable(int models, int devices, int[][] peers, long[] offset, long[] combos, double[] table) {
        this.models = models;
        this.devices = devices;
        this.peers = peers;
        this.offset = offset;
        this.combos = combos;
        this.table = table;
    }

    /**
     * The co-runners beside {@code target} that co-location {@code code} stands for: the devices sharing its memory
     * in order, each a base-(m+1) digit of the code, 0 = idle, k = running model k−1. Codes run from 0 to
     * (m+1)^(peers) − 1.
     */
    static List<CoRunner> coRunners(List<ModelProfile> models, Platform platform, int target, int code) {
        return coRunners(models, platform, peers(platform, target), code);
    }

    private static List<CoRunner> coRunners(List<ModelProfile> models, Platform platform, int[] peers, long code) {
        int m = models.size();
        List<CoRunner> co = new ArrayList<>();
        long c = code;
        for (int other : peers) {
            int running = (int) (c % (m + 1)) - 1;
            c /= m + 1;
            if (running >= 0) co.add(new CoRunner(models.get(running), platform.classOf(other)));
        }
        return co;
    }

    private static int[] peers(Platform platform, int target) {
        int[] out = new int[platform.size()];
        int n = 0;
        for (int other = 0; other < platform.size(); other++) {
            if (other != target && platform.sharesMemory(target, other)) out[n++] = other;
        }
        return Arrays.copyOf(out, n);
    }

    /** Entries a table for these many models on this platform would have. */
    public static long entries(Platform platform, int models) {
        long total = 0;
        for (int d = 0; d < platform.size(); d++) {
            double c = Math.pow(models + 1, peers(platform, d).length);
            if (c > MAX_ENTRIES) return Long.MAX_VALUE;
            total += models * (long) c;
        }
        return total;
    }

    public static SlowdownTable build(InterferencePredictor predictor, Platform platform, List<ModelProfile> models) {
        int m = models.size(), d = platform.size();
        long size = entries(platform, m);
        if (size > MAX_ENTRIES) {
            throw new IllegalArgumentException("too many co-locations to tabulate: " + m + " models on " + d
                    + " devices sharing memory would need " + (size == Long.MAX_VALUE ? "over " + MAX_ENTRIES : size)
                    + " slowdowns");
        }
        int[][] peers = new int[d][];
        long[] offset = new long[d], combos = new long[d];
        long at = 0;
        for (int target = 0; target < d; target++) {
            peers[target] = peers(platform, target);
            combos[target] = (long) Math.pow(m + 1, peers[target].length);
            offset[target] = at;
            at += m * combos[target];
        }
        double[] t = new double[(int) at];
        for (int target = 0; target < d; target++) {
            for (long code = 0; code < combos[target]; code++) {
                List<CoRunner> co = coRunners(models, platform, peers[target], code);
                for (int tm = 0; tm < m; tm++) {
                    double s = predictor.slowdown(models.get(tm), platform.classOf(target), co);
                    if (!(s > 0) || Double.isInfinite(s)) throw new IllegalStateException(predictor.name() + " predicted slowdown " + s);
                    t[(int) (offset[target] + tm * combos[target] + code)] = s;
                }
            }
        }
        return new SlowdownTable(m, d, peers, offset, combos, t);
    }

    /**
     * The table a planner uses: {@link #none} for {@link NoInterference} (nothing to look up) and when the platform has
     * more co-locations than {@link #MAX_ENTRIES} (so many workers per host that the planner then plans as if they did
     * not interfere, rather than not plan at all: see {@link #entries}), else {@link #build}.
     */
    public static SlowdownTable forPlanning(InterferencePredictor predictor, Platform platform, List<ModelProfile> models) {
        if (predictor instanceof NoInterference || entries(platform, models.size()) > MAX_ENTRIES) {
            return none(models.size(), platform.size());
        }
        return build(predictor, platform, models);
    }

    /** Whether this table predicts any interference at all. */
    public boolean tabulated() {
        return table != null;
    }

    /** A table without interference: every slowdown is 1, for any platform size (nothing is tabulated). */
    public static SlowdownTable none(int models, int devices) {
        return new SlowdownTable(models, devices, null, null, null, null);
    }

    /**
     * @param running the model running on each device, −1 where idle; the entry of {@code device} itself is ignored
     */
    public double slowdown(int device, int model, int[] running) {
        if (table == null) return 1.0;
        long code = 0, mul = 1;
        for (int other : peers[device]) {
            code += (running[other] + 1) * mul;
            mul *= models + 1;
        }
        return table[(int) (offset[device] + model * combos[device] + code)];
    }

    public int models() {
        return models;
    }

    public int devices() {
        return devices;
    }
}
