package io.baton.core.sneakpeek;

import java.util.Arrays;

/**
 * The constrained worker's model cache: the variants resident in device memory under a memory budget, least
 * recently used first out. Using a model that is not resident swaps it in and costs its measured load time (the
 * paper's swap / context-switch cost, §3.1 eq. 1); models are evicted, least recently used first, until it fits.
 * The paper leaves residency unspecified (notes §7.4); a budget that holds one model at a time is the
 * {@code plan sneakpeek} contract's "loaded model" ({@link #singleSlot}).
 *
 * <p>Model ids are the window's global model indices ({@link SchedulingWindow}); short-circuit pseudo-models never
 * enter the cache. Mutable and cheap to {@link #copy()}: the brute force copies it at every node.
 */
public final class ModelCache {
    private final double budgetMb;
    private final double[] memoryMb;
    private final double[] loadMs;
    private int[] lru; // resident model ids, least recently used first
    private int size;
    private double usedMb;
    private int swaps;
    private double swapMs;

    public ModelCache(double budgetMb, double[] memoryMb, double[] loadMs) {
        if (memoryMb.length != loadMs.length) throw new IllegalArgumentException("memory and load tables differ in length");
        if (!(budgetMb > 0)) throw new IllegalArgumentException("budgetMb must be > 0, got " + budgetMb);
        for (int m = 0; m < memoryMb.length; m++) {
            if (memoryMb[m] > budgetMb) throw new IllegalArgumentException("model " + m + " needs " + memoryMb[m] + " MB, more than the budget " + budgetMb);
        }
        this.budgetMb = budgetMb;
        this.memoryMb = memoryMb.clone();
        this.loadMs = loadMs.clone();
        this.lru = new int[Math.max(1, memoryMb.length)];
    }

    /** One model resident at a time: every change of model pays the new model's load time. */
    public static ModelCache singleSlot(double[] loadMs) {
        double[] one = new double[loadMs.length];
        Arrays.fill(one, 1.0);
        return new ModelCache(1.0, one, loadMs);
    }

    private ModelCache(ModelCache o) {
        this.budgetMb = o.budgetMb;
        this.memoryMb = o.memoryMb;
        this.loadMs = o.loadMs;
        this.lru = o.lru.clone();
        this.size = o.size;
        this.usedMb = o.usedMb;
        this.swaps = o.swaps;
        this.swapMs = o.swapMs;
    }

    public ModelCache copy() {
        return new ModelCache(this);
    }

    /** Becomes a copy of other (same model table), without allocating: the brute force keeps one cache per depth. */
    void copyFrom(ModelCache other) {
        if (other.loadMs != loadMs) throw new IllegalArgumentException("caches over different model tables");
        System.arraycopy(other.lru, 0, lru, 0, other.size);
        size = other.size;
        usedMb = other.usedMb;
        swaps = other.swaps;
        swapMs = other.swapMs;
    }

    public int models() {
        return loadMs.length;
    }

    public boolean resident(int model) {
        for (int i = 0; i < size; i++) if (lru[i] == model) return true;
        return false;
    }

    /** The most recently used model, or −1 when none is resident. */
    public int mostRecent() {
        return size == 0 ? -1 : lru[size - 1];
    }

    /** What {@link #use} would cost now, without changing anything. */
    public double costOf(int model) {
        return resident(model) ? 0.0 : loadMs[model];
    }

    /** Makes model resident and most recently used; returns the load time paid (0 when it was resident). */
    public double use(int model) {
        for (int i = 0; i < size; i++) {
            if (lru[i] == model) {
                if (i != size - 1) {
                    System.arraycopy(lru, i + 1, lru, i, size - 1 - i);
                    lru[size - 1] = model;
                }
                return 0.0;
            }
        }
        while (usedMb + memoryMb[model] > budgetMb + 1e-9 && size > 0) {
            usedMb -= memoryMb[lru[0]];
            System.arraycopy(lru, 1, lru, 0, size - 1);
            size--;
        }
        lru[size++] = model;
        usedMb += memoryMb[model];
        swaps++;
        swapMs += loadMs[model];
        return loadMs[model];
    }

    /** Puts model in without charging anything (the state a window starts from). */
    public void preload(int model) {
        use(model);
        swaps--;
        swapMs -= loadMs[model];
    }

    /** Swap-ins since this cache (or the cache it was copied from) was made. */
    public int swaps() {
        return swaps;
    }

    public double swapMs() {
        return swapMs;
    }

    public int[] residentModels() {
        return Arrays.copyOf(lru, size);
    }
}
