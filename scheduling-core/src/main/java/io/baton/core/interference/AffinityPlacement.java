package io.baton.core.interference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * "Base" (§VI-A) as the paper describes it: affinity scheduling as for big/little cores [16]. Each task (model)
 * is assigned to the GPU or to the accelerators by its GPU-over-DLA speedup, "the task with the higher speedup is
 * assigned to the GPU", and its requests run only there. Where the paper is silent:
 * <ul>
 *   <li>how many tasks go to the GPU: the top k by speedup, k chosen to "maximise the efficiency of GPU and
 *       DLA" given the workload, read as the k that minimises the busier side's interference-free utilisation
 *       (Σ rate × solo latency per device) — the strongest static affinity split, not a strawman; the GPU gets
 *       at least the top task;</li>
 *   <li>the DLA context limit (§VI-A: "for two DLAs, up to 4 active contexts"): read as
 *       {@link #XAVIER_CONTEXTS_PER_ACCELERATOR} = 2 per DLA. When the accelerator tasks fit on every accelerator
 *       (≤ that many), every accelerator holds them all and takes whichever waits; otherwise each is pinned to one
 *       accelerator, largest load first to the least loaded one with a free context (LPT); k is raised until
 *       the rest fit;</li>
 *   <li>ties (equal speedups) keep the workload's order.</li>
 * </ul>
 *
 * @param allowed per model, per device: whether the model's requests may run there
 */
public record AffinityPlacement(boolean[][] allowed, int gpuTasks) {

    /** §VI-A, "up to 4 active contexts" for the Xavier's two DLAs, read as two per DLA. */
    public static final int XAVIER_CONTEXTS_PER_ACCELERATOR = Platform.CONTEXTS_PER_ACCELERATOR;

    public boolean allows(int model, int device) {
        return allowed[model][device];
    }

    public static AffinityPlacement of(InterferenceWorkload w, int contextsPerAccelerator) {
        if (contextsPerAccelerator < 1) throw new IllegalArgumentException("contextsPerAccelerator must be ≥ 1");
        int models = w.modelCount(), devices = w.deviceCount();
        int gpu = -1;
        List<Integer> accs = new ArrayList<>();
        for (int d = 0; d < devices; d++) {
            if (w.platform().classOf(d) == DeviceClass.GPU) gpu = d; else accs.add(d);
        }
        Integer[] bySpeedup = new Integer[models];
        for (int m = 0; m < models; m++) bySpeedup[m] = m;
        Arrays.sort(bySpeedup, Comparator.comparingDouble((Integer m) -> -w.models().get(m).profile().gpuSpeedup()));
        int minK = gpu < 0 ? 0 : Math.max(accs.isEmpty() ? models : 1, models - accs.size() * contextsPerAccelerator);
        int maxK = gpu < 0 ? 0 : models;
        if (minK > maxK) throw new IllegalArgumentException("the accelerators' contexts cannot hold the models");
        boolean[][] best = null;
        double bestCost = Double.POSITIVE_INFINITY;
        int bestK = -1;
        for (int k = minK; k <= maxK; k++) {
            boolean[][] allowed = new boolean[models][devices];
            double[] util = new double[devices];
            for (int i = 0; i < k; i++) {
                allowed[bySpeedup[i]][gpu] = true;
                util[gpu] += load(w, bySpeedup[i], gpu);
            }
            int rest = models - k;
            if (rest <= contextsPerAccelerator) {
                for (int i = k; i < models; i++) {
                    for (int d : accs) {
                        allowed[bySpeedup[i]][d] = true;
                        util[d] += load(w, bySpeedup[i], d) / accs.size();
                    }
                }
            } else {
                Integer[] lpt = Arrays.copyOfRange(bySpeedup, k, models);
                Arrays.sort(lpt, Comparator.comparingDouble((Integer m) -> -load(w, m, accs.get(0))));
                int[] held = new int[devices];
                for (int m : lpt) {
                    int target = -1;
                    for (int d : accs) {
                        if (held[d] < contextsPerAccelerator && (target < 0 || util[d] < util[target])) target = d;
                    }
                    allowed[m][target] = true;
                    held[target]++;
                    util[target] += load(w, m, target);
                }
            }
            double cost = 0;
            for (double u : util) cost = Math.max(cost, u);
            if (cost < bestCost) {
                bestCost = cost;
                best = allowed;
                bestK = k;
            }
        }
        return new AffinityPlacement(best, bestK);
    }

    /** Device time per second model m would need on device d (its utilisation, without interference). */
    private static double load(InterferenceWorkload w, int m, int d) {
        return w.models().get(m).ratePerSec() * w.soloMs(m, d) / 1000.0;
    }
}
