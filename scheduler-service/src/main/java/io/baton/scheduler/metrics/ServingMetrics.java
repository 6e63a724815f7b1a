package io.baton.scheduler.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
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
 *       {@code baton_device_busy_seconds_total{worker}} to take rates of over any window.</li>
 * </ul>
 */
public class ServingMetrics {

    private static final int WINDOW_SECONDS = 10;

    private final MeterRegistry registry;
    private final ConcurrentHashMap<String, RateWindow> windows = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, DeviceTime> devices = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Boolean> queues = new ConcurrentHashMap<>();
    private final LongAdder ended = new LongAdder();
    private final LongAdder bad = new LongAdder();

    public ServingMetrics(MeterRegistry registry) {
        this.registry = registry;
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
        window(app).record(nowSecond(), onTime);
        ended(onTime);
    }

    public void dropped(String app, DropReason reason) {
        Counter.builder("baton.requests").tag("application", app).tag("outcome", "dropped").register(registry).increment();
        Counter.builder("baton.drops").tag("application", app).tag("reason", reason.name()).register(registry).increment();
        window(app).record(nowSecond(), false);
        ended(false);
    }

    public void failed(String app) {
        Counter.builder("baton.requests").tag("application", app).tag("outcome", "failed").register(registry).increment();
        window(app).record(nowSecond(), false);
        ended(false);
    }

    private void ended(boolean onTime) {
        ended.increment();
        if (!onTime) bad.increment();
    }

    public void batch(String app, String variant, int size) {
        DistributionSummary.builder("baton.batch.size").tag("application", app).tag("variant", variant)
                .register(registry).record(size);
    }

    /** Registers the queue-length gauge of an application once; {@code length} is read at each scrape. */
    public void queue(String app, Supplier<Number> length) {
        if (queues.putIfAbsent(app, Boolean.TRUE) == null) {
            Gauge.builder("baton.queue.length", length).tag("application", app).register(registry);
        }
    }

    public void deviceBusy(String workerId) {
        device(workerId).busy();
    }

    public void deviceIdle(String workerId) {
        device(workerId).idle();
    }

    private DeviceTime device(String workerId) {
        return devices.computeIfAbsent(workerId, id -> {
            DeviceTime d = new DeviceTime();
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

    private static long nowSecond() {
        return System.nanoTime() / 1_000_000_000L;
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

        DeviceTime() {
            snapshot(System.nanoTime());
        }

        synchronized void busy() {
            long now = System.nanoTime();
            if (running++ == 0) busySince = now;
            snapshot(now);
        }

        synchronized void idle() {
            if (running == 0) return;
            long now = System.nanoTime();
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

        synchronized double busySeconds() {
            return busyTotal(System.nanoTime()) / 1e9;
        }

        synchronized double idleFraction() {
            long now = System.nanoTime();
            snapshot(now);
            int oldest = snaps < SNAPSHOTS ? 0 : snaps % SNAPSHOTS;
            long elapsed = now - snapAt[oldest];
            if (elapsed <= 0) return running > 0 ? 0.0 : 1.0;
            double busy = busyTotal(now) - snapBusy[oldest];
            return Math.max(0, Math.min(1, 1.0 - busy / elapsed));
        }
    }
}
