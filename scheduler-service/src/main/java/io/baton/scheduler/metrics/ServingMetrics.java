package io.baton.scheduler.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.baton.core.domain.DropReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Per-application serving metrics, scraped at {@code /actuator/prometheus}:
 * <ul>
 *   <li>{@code baton_requests_total{application, outcome}}: outcome {@code on_time}, {@code late}, {@code dropped},
 *       {@code failed}; with {@code baton_drops_total{application, reason}} for the drops;</li>
 *   <li>{@code baton_goodput{application}} (requests finished by their deadline per second) and
 *       {@code baton_miss_rate{application}} ((late + dropped + failed) / ended), both over the last 10 s;</li>
 *   <li>{@code baton_request_latency_seconds{application}}: receipt to answer, a histogram;</li>
 *   <li>{@code baton_batch_size{application, variant}}: rows per batch sent;</li>
 *   <li>{@code baton_queue_length{application}}: requests waiting for a batch;</li>
 *   <li>{@code baton_device_idle_fraction{worker}}: share of the last ~10 s with no batch of ours on the worker, and
 *       {@code baton_device_busy_seconds_total{worker}} to take rates of over any window;</li>
 *   <li>the live {@code interference} policy's plans: {@code baton_interference_plans_total{policy}},
 *       {@code baton_interference_allocation_ratio{policy, model, worker}},
 *       {@code baton_interference_planned_rate{policy, model}} (requests/s) and
 *       {@code baton_interference_worker_speed{policy, worker}} (learned latency multiplier), as of the last plan.</li>
 * </ul>
 * The same figures, with the 99th-percentile latency and the mean batch size over the same window, are read at once
 * by {@link #applications()} and {@link #reading} for {@code GET /internal/v1/metrics/summary}; and, since the last
 * {@link #drainIntervals()}, per application in {@link IntervalFigures} for the sampled history
 * ({@link MetricsSampler}).
 */
public class ServingMetrics {

    /** The window of the goodput, miss-rate, p99 and mean-batch figures. */
    public static final int WINDOW_SECONDS = 10;
    /** Values kept per application for the p99 latency and the mean batch size (see {@link SampleWindow}). */
    private static final int SAMPLES = 4096;

    private final MeterRegistry registry;
    private final ConcurrentHashMap<String, RateWindow> windows = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, DeviceTime> devices = new ConcurrentHashMap<>();
    private final LongAdder ended = new LongAdder();
    private final LongAdder bad = new LongAdder();
    private final ConcurrentHashMap<String, SampleWindow> latencies = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, SampleWindow> batches = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Supplier<Number>> queues = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, IntervalFigures> intervals = new ConcurrentHashMap<>();
    private final LongSupplier nanoTime;

    public ServingMetrics(MeterRegistry registry) {
        this(registry, System::nanoTime);
    }

    /** With the monotonic clock (nanoseconds) every window and busy time is read by; tests move it by hand. */
    ServingMetrics(MeterRegistry registry, LongSupplier nanoTime) {
        this.registry = registry;
        this.nanoTime = nanoTime;
    }

    /**
     * Running totals since start, over every application: requests that ended, those of them that went bad (late,
     * dropped or failed), and each worker's busy seconds. An epoch's figures are the difference of two readings (the
     * autoscaler's bad rate and device idle fraction), whatever the length of the epoch.
     *
     * @param ended              requests answered, on time or not, dropped or failed
     * @param bad                of those, late, dropped or failed
     * @param busySecondsByWorker seconds each worker had at least one batch of ours, by worker id
     */
    public record Totals(long ended, long bad, Map<String, Double> busySecondsByWorker) {
        public Totals {
            busySecondsByWorker = Map.copyOf(busySecondsByWorker);
        }
    }

    public Totals totals() {
        Map<String, Double> busy = new TreeMap<>();
        devices.forEach((worker, time) -> busy.put(worker, time.busySeconds()));
        return new Totals(ended.sum(), bad.sum(), busy);
    }

    public void servedOnTime(String app, double totalMs, boolean onTime) {
        Counter.builder("baton.requests").tag("application", app).tag("outcome", onTime ? "on_time" : "late")
                .register(registry).increment();
        Timer.builder("baton.request.latency").tag("application", app).publishPercentileHistogram()
                .register(registry).record(java.time.Duration.ofNanos((long) (totalMs * 1e6)));
        long now = nowSecond();
        window(app).record(now, onTime);
        latencies.computeIfAbsent(app, a -> new SampleWindow(WINDOW_SECONDS, SAMPLES)).record(now, totalMs);
        interval(app).served(totalMs, onTime);
        ended(onTime);
    }

    public void dropped(String app, DropReason reason) {
        Counter.builder("baton.requests").tag("application", app).tag("outcome", "dropped").register(registry).increment();
        Counter.builder("baton.drops").tag("application", app).tag("reason", reason.name()).register(registry).increment();
        window(app).record(nowSecond(), false);
        interval(app).missed();
        ended(false);
    }

    public void failed(String app) {
        Counter.builder("baton.requests").tag("application", app).tag("outcome", "failed").register(registry).increment();
        window(app).record(nowSecond(), false);
        interval(app).missed();
        ended(false);
    }

    private void ended(boolean onTime) {
        ended.increment();
        if (!onTime) bad.increment();
    }

    public void batch(String app, String variant, int size) {
        DistributionSummary.builder("baton.batch.size").tag("application", app).tag("variant", variant)
                .register(registry).record(size);
        batches.computeIfAbsent(app, a -> new SampleWindow(WINDOW_SECONDS, SAMPLES)).record(nowSecond(), size);
        interval(app).batch(size);
    }

    /**
     * A model swap on a constrained worker (SneakPeek live): a batch whose variant was not resident and waited
     * {@code loadMs} for it to load.
     */
    public void swap(String app, String variant, double loadMs) {
        io.micrometer.core.instrument.Counter.builder("baton.model.swaps").tag("application", app).tag("variant", variant)
                .register(registry).increment();
        io.micrometer.core.instrument.Timer.builder("baton.model.swap").tag("application", app).tag("variant", variant)
                .register(registry).record(java.time.Duration.ofNanos((long) (loadMs * 1e6)));
    }

    /** The variant SneakPeek chose for a request and the utility it planned with (its estimated accuracy). */
    public void selected(String app, String variant, double estimatedAccuracy) {
        DistributionSummary.builder("baton.sneakpeek.estimated.accuracy").tag("application", app).tag("variant", variant)
                .register(registry).record(estimatedAccuracy);
    }

    private final ConcurrentHashMap<String, java.util.concurrent.atomic.AtomicReference<Double>> planGauges =
            new ConcurrentHashMap<>();

    /**
     * A plan the live interference policy installed (or its first "Base fair" allocation, {@code planned} false):
     * its gauges are set to it; a pair no longer in the plan keeps its last value until planned again.
     */
    public void interferencePlan(io.baton.core.interference.InterferenceDispatcher.PlanView view, boolean planned) {
        if (planned) {
            io.micrometer.core.instrument.Counter.builder("baton.interference.plans").tag("policy", view.policy())
                    .register(registry).increment();
        }
        for (int m = 0; m < view.models().size(); m++) {
            String model = view.models().get(m);
            planGauge("baton.interference.planned.rate", view.ratesPerSec()[m], "policy", view.policy(), "model", model);
            for (int d = 0; d < view.devices().size(); d++) {
                planGauge("baton.interference.allocation.ratio", view.allocation()[m][d], "policy", view.policy(),
                        "model", model, "worker", view.devices().get(d));
            }
        }
        for (int d = 0; d < view.devices().size(); d++) {
            planGauge("baton.interference.worker.speed", view.speed()[d], "policy", view.policy(), "worker",
                    view.devices().get(d));
        }
    }

    /**
     * The dispatch overhead per batch a live engine's policy plans a variant with (its own measured estimate, or the
     * configured {@code dispatch-overhead} until measured), set each time the policy starts.
     */
    public void dispatchOverhead(String policy, String app, String variant, double ms) {
        planGauge("baton.dispatch.overhead.planned.ms", ms, "policy", policy, "application", app, "variant", variant);
    }

    private void planGauge(String name, double value, String... tags) {
        String key = name + '\u0000' + String.join("\u0000", tags);
        planGauges.computeIfAbsent(key, k -> {
            java.util.concurrent.atomic.AtomicReference<Double> cell = new java.util.concurrent.atomic.AtomicReference<>(value);
            Gauge.builder(name, cell, c -> c.get()).tags(tags).register(registry);
            return cell;
        }).set(value);
    }

    /** Registers the queue-length gauge of an application once; {@code length} is read at each scrape. */
    public void queue(String app, Supplier<Number> length) {
        if (queues.putIfAbsent(app, length) == null) {
            Gauge.builder("baton.queue.length", length).tag("application", app).register(registry);
        }
    }

    public void deviceBusy(String workerId) {
        device(workerId).busy();
    }

    public void deviceIdle(String workerId) {
        device(workerId).idle();
    }

    /** Every application that has had a request or a batch, by name, with its figures over the window now. */
    public List<ApplicationSummary> applications() {
        long now = nowSecond();
        Map<String, ApplicationSummary> byName = new TreeMap<>();
        for (String app : allApplications()) {
            RateWindow rates = windows.get(app);
            SampleWindow.Stats latency = stats(latencies.get(app), now);
            SampleWindow.Stats batch = stats(batches.get(app), now);
            Supplier<Number> queue = queues.get(app);
            byName.put(app, new ApplicationSummary(app, rates == null ? 0 : rates.goodput(now),
                    rates == null ? 0 : rates.missRate(now), rates == null ? 0 : rates.ended(now), latency.p99(),
                    batch.mean(), batch.count(), queue == null ? 0 : queue.get().intValue()));
        }
        return new ArrayList<>(byName.values());
    }

    /**
     * What each application recorded since the last call (every application that has had a request or a batch, with
     * zeros for one quiet since), and its queue length now; each application's figures start again from nothing.
     */
    Map<String, IntervalFigures.Drained> drainIntervals() {
        Map<String, IntervalFigures.Drained> drained = new TreeMap<>();
        for (String app : allApplications()) {
            IntervalFigures.Drained d = interval(app).drain();
            Supplier<Number> queue = queues.get(app);
            drained.put(app, d.withQueue(queue == null ? 0 : queue.get().intValue()));
        }
        return drained;
    }

    /** The monotonic clock the windows and busy times are read by, in nanoseconds. */
    long nanoTime() {
        return nanoTime.getAsLong();
    }

    /** What our batches keep a worker doing: null for a worker never sent a batch. */
    public DeviceReading reading(String workerId) {
        DeviceTime d = devices.get(workerId);
        return d == null ? null : d.reading();
    }

    /**
     * @param runningBatches batches of ours on the worker now
     * @param idleFraction   share of the last ~10 s with none
     * @param busySeconds    busy time since first seen
     */
    public record DeviceReading(int runningBatches, double idleFraction, double busySeconds) {
    }

    private List<String> allApplications() {
        java.util.Set<String> names = new java.util.HashSet<>(windows.keySet());
        names.addAll(batches.keySet());
        names.addAll(queues.keySet());
        names.addAll(intervals.keySet());
        return List.copyOf(names);
    }

    private static SampleWindow.Stats stats(SampleWindow w, long now) {
        return w == null ? new SampleWindow.Stats(0, null, null) : w.stats(now);
    }

    private DeviceTime device(String workerId) {
        return devices.computeIfAbsent(workerId, id -> {
            DeviceTime d = new DeviceTime(nanoTime);
            Gauge.builder("baton.device.idle.fraction", d, DeviceTime::idleFraction).tag("worker", id)
                    .register(registry);
            io.micrometer.core.instrument.FunctionCounter.builder("baton.device.busy", d, DeviceTime::busySeconds)
                    .baseUnit("seconds").tag("worker", id).register(registry);
            return d;
        });
    }

    private RateWindow window(String app) {
        return windows.computeIfAbsent(app, a -> {
            RateWindow w = new RateWindow(WINDOW_SECONDS);
            Gauge.builder("baton.goodput", w, x -> x.goodput(nowSecond())).tag("application", a).register(registry);
            Gauge.builder("baton.miss.rate", w, x -> x.missRate(nowSecond())).tag("application", a).register(registry);
            return w;
        });
    }

    private IntervalFigures interval(String app) {
        return intervals.computeIfAbsent(app, a -> new IntervalFigures());
    }

    private long nowSecond() {
        return nanoTime.getAsLong() / 1_000_000_000L;
    }

    /**
     * Busy time of one worker: batches of ours on it may overlap (the worker queues them), so it counts them. The
     * idle fraction is read over a trailing window of about 10 s from snapshots taken at most once a second, so that
     * any number of scrapers read the same figure (a since-last-read figure would be split between them).
     */
    static final class DeviceTime {
        private static final int SNAPSHOTS = 11;
        private int running;
        private long busySince;
        private long busyNanos;
        private final long[] snapAt = new long[SNAPSHOTS];
        private final long[] snapBusy = new long[SNAPSHOTS];
        private int snaps;
        private final LongSupplier nanoTime;

        DeviceTime() {
            this(System::nanoTime);
        }

        DeviceTime(LongSupplier nanoTime) {
            this.nanoTime = nanoTime;
            snapshot(nanoTime.getAsLong());
        }

        synchronized void busy() {
            long now = nanoTime.getAsLong();
            if (running++ == 0) busySince = now;
            snapshot(now);
        }

        synchronized void idle() {
            if (running == 0) return;
            long now = nanoTime.getAsLong();
            if (--running == 0) busyNanos += now - busySince;
            snapshot(now);
        }

        /** Busy nanoseconds since this worker was first seen, the running batch included. */
        private long busyTotal(long now) {
            return busyNanos + (running > 0 ? now - busySince : 0);
        }

        private void snapshot(long now) {
            int last = (snaps - 1 + SNAPSHOTS) % SNAPSHOTS;
            if (snaps > 0 && now - snapAt[last] < 1_000_000_000L) return;
            int i = snaps % SNAPSHOTS;
            snapAt[i] = now;
            snapBusy[i] = busyTotal(now);
            snaps++;
        }

        synchronized DeviceReading reading() {
            return new DeviceReading(running, idleFraction(), busySeconds());
        }

        synchronized double busySeconds() {
            return busyTotal(nanoTime.getAsLong()) / 1e9;
        }

        synchronized double idleFraction() {
            long now = nanoTime.getAsLong();
            snapshot(now);
            int oldest = snaps < SNAPSHOTS ? 0 : snaps % SNAPSHOTS;
            long elapsed = now - snapAt[oldest];
            if (elapsed <= 0) return running > 0 ? 0.0 : 1.0;
            double busy = busyTotal(now) - snapBusy[oldest];
            return Math.max(0, Math.min(1, 1.0 - busy / elapsed));
        }
    }
}
