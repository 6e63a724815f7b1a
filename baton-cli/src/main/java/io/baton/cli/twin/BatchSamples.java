package io.baton.cli.twin;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * One variant's recorded batches (the recording's {@code # batch} lines): per batch size, how many ran and the sum and
 * sum of squares of their execution ms, which is all a least-squares line, the per-size means and their spread need;
 * and, where the recording wrote it, each batch's round trip (sent until answered at the scheduler), which the twin
 * replays: a simulated batch of a size holds its device for its size's median round trip plus how slow the live path
 * was at that moment, read from the recorded batches of any size that ran nearest the same time
 * ({@link #drawRoundTrip}). Cold batches (the first run on a session that had just loaded its model) are
 * counted apart and left out of those, their round trips kept apart for the twin to replay as the first batch of a
 * model on a device. Where the lines say it, the dispatch overhead each batch was planned with, as steps over time.
 */
public final class BatchSamples {

    /**
     * How many of the recorded batches nearest in time one is drawn among. At the hundreds of batches a second of a
     * loaded suite, four span 10 to 20 ms, about as long as the stretches they are to carry; 8 and 16 blurred them
     * (a low-load symphony p99 24% and 34% over the live one, against 7% with 4, over 9 recordings of ppocr-cls).
     */
    public static final int NEIGHBOURS = 4;

    /** The batches of one size. */
    public record Size(long batches, double sumMs, double sumSquaresMs) {

        public double meanMs() {
            return sumMs / batches;
        }
    }

    /** One size's recorded round trips: how many, their median and the fastest. */
    private record Typical(int count, double medianMs, double fastestMs) {
    }

    private final TreeMap<Integer, Size> bySize = new TreeMap<>();
    private final RoundTrips coldRoundTrips = new RoundTrips();
    /** Every warm round trip in time order, whatever its size, and each one's size. */
    private final RoundTrips all = new RoundTrips();
    private int[] allSizes = new int[16];
    /** Per size, what its recorded round trips are like; derived from {@link #all} (null: to be derived again). */
    private Map<Integer, Typical> typical;
    /** Per batch of {@link #all}, its round trip less its size's median: how slow the path was then. */
    private double[] excess;
    private double[] plannedAtMs = new double[0];
    private double[] plannedValues = new double[0];
    private long cold;

    /** One warm batch of {@code batchSize} requests whose run took {@code executionMs}. */
    public void add(int batchSize, double executionMs) {
        if (batchSize < 1) throw new IllegalArgumentException("batchSize must be ≥ 1, got " + batchSize);
        if (!(executionMs >= 0) || Double.isInfinite(executionMs)) {
            throw new IllegalArgumentException("executionMs must be a finite number ≥ 0, got " + executionMs);
        }
        bySize.merge(batchSize, new Size(1, executionMs, executionMs * executionMs),
                (a, b) -> new Size(a.batches + b.batches, a.sumMs + b.sumMs, a.sumSquaresMs + b.sumSquaresMs));
    }

    /**
     * The same, with the batch's round trip at the scheduler ({@code roundTripMs}, NaN: not recorded) and when it ran
     * ({@code atMs}, the arrival of its first request after the recording's origin; batches are added in time order).
     */
    public void add(int batchSize, double executionMs, double roundTripMs, double atMs) {
        add(batchSize, executionMs);
        if (!(roundTripMs >= 0) || Double.isInfinite(roundTripMs) || !Double.isFinite(atMs)) return;
        if (all.count == allSizes.length) allSizes = Arrays.copyOf(allSizes, all.count * 2);
        allSizes[all.count] = batchSize;
        all.add(roundTripMs, atMs);
        typical = null;
    }

    /** How many round trips of {@code batchSize} were recorded. */
    public int roundTrips(int batchSize) {
        Typical t = typical().get(batchSize);
        return t == null ? 0 : t.count();
    }

    /**
     * A round trip for a batch of {@code batchSize} run at about {@code nowMs}: the median of that size's recorded
     * round trips plus the excess over its own size's median of one of the {@link #NEIGHBOURS} recorded batches, of any
     * size, nearest in time (drawn uniformly with {@code random}), never below the fastest recorded of the size; NaN
     * when the size was never recorded.
     * <ul>
     * <li>Near in time, because slow round trips come in stretches (a pause, a burst of compilation, another process
     *     on the cores), and a stretch makes requests queue behind it, which is what a p99 is made of; drawn from the
     *     whole recording they would be spread thin.</li>
     * <li>Of any size, because a stretch slows whatever runs in it, and the simulated policy forms other sizes in it
     *     than the live one did. A stretch is where the live policy formed its largest batches, which are rare and far
     *     apart; drawn among its own size's neighbours, a batch took them from other stretches or from quiet time, and
     *     the replayed symphony p99 ran 8% under the live one on average and up to 22% (9 recordings).</li>
     * <li>Added, not scaled, because what makes a stretch (a pause, a core taken) adds time whatever the batch:
     *     scaled by the ratio to its size's median, a batch of one slowed tenfold made a batch of eight ten times its
     *     median too, and the replayed p99 ran 6% to 126% over the live one.</li>
     * </ul>
     */
    public double drawRoundTrip(int batchSize, double nowMs, SplittableRandom random) {
        Typical t = typical().get(batchSize);
        if (t == null) return Double.NaN;
        int at = Arrays.binarySearch(all.atMs, 0, all.count, nowMs);
        if (at < 0) at = -at - 1;
        int from = Math.max(0, Math.min(at - NEIGHBOURS / 2, all.count - NEIGHBOURS));
        int to = Math.min(all.count, from + NEIGHBOURS);
        int j = from + random.nextInt(to - from);
        return Math.max(t.fastestMs(), t.medianMs() + excess[j]);
    }

    /** Each size's {@link Typical}, and each recorded batch's excess over its own size's median, derived once. */
    private Map<Integer, Typical> typical() {
        if (typical != null) return typical;
        Map<Integer, List<Double>> bySizeMs = new HashMap<>();
        for (int i = 0; i < all.count; i++) bySizeMs.computeIfAbsent(allSizes[i], b -> new ArrayList<>()).add(all.ms[i]);
        Map<Integer, Typical> derived = new HashMap<>();
        bySizeMs.forEach((size, ms) -> {
            Collections.sort(ms);
            int n = ms.size();
            double median = n % 2 == 1 ? ms.get(n / 2) : (ms.get(n / 2 - 1) + ms.get(n / 2)) / 2;
            derived.put(size, new Typical(n, median, ms.get(0)));
        });
        excess = new double[all.count];
        for (int i = 0; i < all.count; i++) excess[i] = all.ms[i] - derived.get(allSizes[i]).medianMs();
        typical = derived;
        return derived;
    }

    /** One size's round trips in time order, with when each ran. */
    private static final class RoundTrips {
        double[] ms = new double[16];
        double[] atMs = new double[16];
        int count;

        void add(double roundTripMs, double at) {
            if (count == ms.length) {
                ms = Arrays.copyOf(ms, count * 2);
                atMs = Arrays.copyOf(atMs, count * 2);
            }
            // time order: a batch line follows its first request's line, and request lines never go back in time
            atMs[count] = count > 0 ? Math.max(at, atMs[count - 1]) : at;
            ms[count++] = roundTripMs;
        }
    }

    /** One cold batch: counted, not fitted. */
    public void addCold() {
        cold++;
    }

    /**
     * The same, with its round trip ({@code roundTripMs}, NaN: not recorded) and when it ran ({@code atMs}, as for
     * {@link #add(int, double, double, double)}): the twin replays it as the first batch of its model on a device.
     */
    public void addCold(double roundTripMs, double atMs) {
        addCold();
        if (!(roundTripMs >= 0) || Double.isInfinite(roundTripMs) || !Double.isFinite(atMs)) return;
        coldRoundTrips.add(roundTripMs, atMs);
    }

    /** The round trip of the recorded cold batch nearest in time to {@code nowMs} (the earlier on a tie); NaN: none. */
    public double coldRoundTrip(double nowMs) {
        RoundTrips held = coldRoundTrips;
        if (held.count == 0) return Double.NaN;
        int at = Arrays.binarySearch(held.atMs, 0, held.count, nowMs);
        if (at < 0) at = -at - 1;
        if (at >= held.count) return held.ms[held.count - 1];
        if (at == 0) return held.ms[0];
        return nowMs - held.atMs[at - 1] <= held.atMs[at] - nowMs ? held.ms[at - 1] : held.ms[at];
    }

    /** Cold batches recorded with their round trip. */
    public int coldRoundTrips() {
        return coldRoundTrips.count;
    }

    /**
     * The dispatch overhead a recorded batch was planned with ({@code plannedMs}) and when it ran ({@code atMs}, in
     * time order): kept as a step function, a step where the value changes.
     */
    public void addPlanned(double atMs, double plannedMs) {
        if (!Double.isFinite(atMs) || !(plannedMs >= 0) || Double.isInfinite(plannedMs)) return;
        int n = plannedAtMs.length;
        if (n > 0 && plannedValues[n - 1] == plannedMs) return;
        double at = n > 0 ? Math.max(atMs, plannedAtMs[n - 1]) : atMs;
        if (n > 0 && plannedAtMs[n - 1] == at) { // two values at one time: the later line's stands
            plannedValues[n - 1] = plannedMs;
            if (n > 1 && plannedValues[n - 2] == plannedMs) {
                plannedAtMs = Arrays.copyOf(plannedAtMs, n - 1);
                plannedValues = Arrays.copyOf(plannedValues, n - 1);
            }
            return;
        }
        plannedAtMs = Arrays.copyOf(plannedAtMs, n + 1);
        plannedValues = Arrays.copyOf(plannedValues, n + 1);
        plannedAtMs[n] = at;
        plannedValues[n] = plannedMs;
    }

    /** How many steps the planned overhead has (0: no line said; 1: it never moved). */
    public int plannedSteps() {
        return plannedAtMs.length;
    }

    /** When step {@code i} began (ms after the recording's origin). */
    public double plannedAtMs(int i) {
        return plannedAtMs[i];
    }

    /** The overhead planned with from step {@code i} on. */
    public double plannedMs(int i) {
        return plannedValues[i];
    }

    public SortedMap<Integer, Size> bySize() {
        return Collections.unmodifiableSortedMap(bySize);
    }

    /** Warm batches. */
    public long batches() {
        long n = 0;
        for (Size s : bySize.values()) n += s.batches;
        return n;
    }

    public long cold() {
        return cold;
    }
}
