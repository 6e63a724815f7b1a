package io.baton.scheduler.metrics;

import java.util.concurrent.ConcurrentHashMap;
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
 *   <li>{@code baton_device_idle_fraction{worker}}: share of the time since the last scrape with no batch of ours on
 *       the worker.</li>
 * </ul>
 */
public class ServingMetrics {

    private static final int WINDOW_SECONDS = 10;

    private final MeterRegistry registry;
    private final ConcurrentHashMap<String, RateWindow> windows = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, DeviceTime> devices = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Boolean> queues = new ConcurrentHashMap<>();

    public ServingMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public void servedOnTime(String app, double totalMs, boolean onTime) {
        Counter.builder("baton.requests").tag("application", app).tag("outcome", onTime ? "on_time" : "late")
                .register(registry).increment();
        Timer.builder("baton.request.latency").tag("application", app).publishPercentileHistogram()
                .register(registry).record(java.time.Duration.ofNanos((long) (totalMs * 1e6)));
        window(app).record(nowSecond(), onTime);
    }

    public void dropped(String app, DropReason reason) {
        Counter.builder("baton.requests").tag("application", app).tag("outcome", "dropped").register(registry).increment();
        Counter.builder("baton.drops").tag("application", app).tag("reason", reason.name()).register(registry).increment();
        window(app).record(nowSecond(), false);
    }

    public void failed(String app) {
        Counter.builder("baton.requests").tag("application", app).tag("outcome", "failed").register(registry).increment();
        window(app).record(nowSecond(), false);
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
            Gauge.builder("baton.device.idle.fraction", d, DeviceTime::idleFractionSinceLastRead).tag("worker", id)
                    .register(registry);
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

    /** Busy time of one worker: batches of ours on it may overlap (the worker queues them), so it counts them. */
    static final class DeviceTime {
        private int running;
        private long busySince;
        private long busyNanos;
        private long lastReadAt = System.nanoTime();

        synchronized void busy() {
            if (running++ == 0) busySince = System.nanoTime();
        }

        synchronized void idle() {
            if (running == 0) return;
            if (--running == 0) busyNanos += System.nanoTime() - busySince;
        }

        synchronized double idleFractionSinceLastRead() {
            long now = System.nanoTime();
            long busy = busyNanos;
            if (running > 0) {
                busy += now - busySince;
                busySince = now;
            }
            long elapsed = now - lastReadAt;
            lastReadAt = now;
            busyNanos = 0;
            return elapsed <= 0 ? 1.0 : Math.max(0, 1.0 - busy / (double) elapsed);
        }
    }
}
