package io.baton.scheduler.metrics;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Takes one {@link HistorySample} of {@link ServingMetrics} per call to {@link #sample()} (the timer of
 * {@link MetricsSamplerTimer} calls it every {@code sample-interval}), covering the time since the call before:
 * per application the figures {@link ServingMetrics#drainIntervals()} gives, per worker its busy fraction (busy seconds
 * gained over the interval's length, from {@link ServingMetrics#totals()}). Only a leading scheduler keeps samples:
 * while standing by the turn still ends the interval (so that the first sample after a take-over covers one
 * interval, not the whole standby), but nothing is kept.
 */
public final class MetricsSampler {

    private final ServingMetrics metrics;
    private final MetricsHistory history;
    private final Supplier<List<String>> liveWorkers;
    private final Clock wallClock;
    private volatile BooleanSupplier leading = () -> true;
    private long previousNanos;
    private Map<String, Double> previousBusy;

    /**
     * @param liveWorkers the ids of the workers live now (each gets a sample, busy or not)
     * @param wallClock   what the samples' {@code at} is read from; lengths are read from the metrics' own monotonic
     *                    clock
     */
    public MetricsSampler(ServingMetrics metrics, MetricsHistory history, Supplier<List<String>> liveWorkers,
                          Clock wallClock) {
        this.metrics = metrics;
        this.history = history;
        this.liveWorkers = liveWorkers;
        this.wallClock = wallClock;
        this.previousNanos = metrics.nanoTime();
        this.previousBusy = metrics.totals().busySecondsByWorker();
        metrics.drainIntervals(); // what came before this sampler is no interval of its
    }

    /** Samples are kept only while {@code leading} says so. */
    public void onlyWhile(BooleanSupplier leading) {
        this.leading = leading;
    }

    public MetricsHistory history() {
        return history;
    }

    /** Ends the interval: the sample kept, or null on a standby (nothing kept). */
    public synchronized HistorySample sample() {
        long now = metrics.nanoTime();
        Map<String, IntervalFigures.Drained> apps = metrics.drainIntervals();
        Map<String, Double> busy = metrics.totals().busySecondsByWorker();
        double seconds = Math.max(0, (now - previousNanos) / 1e9);
        Map<String, Double> before = previousBusy;
        previousNanos = now;
        previousBusy = busy;
        if (!leading.getAsBoolean()) return null;

        List<ApplicationSample> perApp = new ArrayList<>(apps.size());
        apps.forEach((app, d) -> perApp.add(new ApplicationSample(app, seconds > 0 ? d.onTime() / seconds : 0,
                d.ended() == 0 ? 0 : d.missed() / (double) d.ended(), d.ended(), d.p50LatencyMs(), d.p99LatencyMs(),
                d.meanBatchSize(), d.batches(), d.queueLength())));
        Map<String, Double> gained = new TreeMap<>();
        for (String worker : liveWorkers.get()) gained.put(worker, 0.0);
        busy.forEach((worker, total) -> {
            double delta = total - before.getOrDefault(worker, 0.0);
            if (delta > 0 || gained.containsKey(worker)) gained.put(worker, delta);
        });
        List<WorkerSample> perWorker = new ArrayList<>(gained.size());
        gained.forEach((worker, delta) -> perWorker.add(new WorkerSample(worker,
                seconds > 0 ? Math.max(0, Math.min(1, delta / seconds)) : 0)));
        HistorySample sample = new HistorySample(wallClock.instant(), seconds, perApp, perWorker);
        history.add(sample);
        return sample;
    }
}
