package io.baton.scheduler.metrics;

import java.util.Arrays;

/**
 * The values recorded over the last {@code seconds} whole seconds, for figures a counter cannot give (a latency
 * percentile, a mean batch size) over the same window the goodput gauge reads. It keeps at most {@code capacity}
 * values, the newest: past {@code capacity / seconds} values a second the window is the last {@code capacity} values
 * instead. Thread-safe by its lock; a summary is read rarely (the admin page polls it), a record is one store.
 */
final class SampleWindow {

    private final int seconds;
    private final long[] at;
    private final double[] values;
    private int next;
    private int size;

    SampleWindow(int seconds, int capacity) {
        this.seconds = seconds;
        this.at = new long[capacity];
        this.values = new double[capacity];
    }

    synchronized void record(long nowSecond, double value) {
        at[next] = nowSecond;
        values[next] = value;
        next = (next + 1) % values.length;
        size = Math.min(size + 1, values.length);
    }

    /** What the window holds at {@code nowSecond}: how many values, their mean and their 99th percentile. */
    synchronized Stats stats(long nowSecond) {
        double[] inWindow = new double[size];
        int n = 0;
        double sum = 0;
        for (int k = 0; k < size; k++) {
            int i = Math.floorMod(next - 1 - k, values.length);
            if (nowSecond - at[i] >= seconds || at[i] > nowSecond) continue;
            inWindow[n++] = values[i];
            sum += values[i];
        }
        if (n == 0) return new Stats(0, null, null);
        Arrays.sort(inWindow, 0, n);
        int rank = (int) Math.ceil(0.99 * n) - 1; // nearest rank, as the profiler's p99
        return new Stats(n, sum / n, inWindow[rank]);
    }

    /**
     * @param count values in the window
     * @param mean  their mean; null when there are none
     * @param p99   their 99th percentile by nearest rank; null when there are none
     */
    record Stats(int count, Double mean, Double p99) {
    }
}
