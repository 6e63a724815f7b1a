package io.baton.scheduler.traffic;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

import io.baton.scheduler.dispatch.InferOutcome;
import io.baton.scheduler.dispatch.RequestListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records every accepted request with its outcome (a {@link RequestListener} of the dispatcher). On the request path
 * it costs one object and one offer to a bounded queue: when the queue is full the request is not recorded but
 * counted, and serving never waits. One writer thread drains the queue, puts lines in arrival order
 * ({@link ArrivalOrder}), writes them to the {@link RollingFiles}, each served batch's run and round trip once after
 * its first request ({@link BatchLines}), and every {@code overheadInterval} what the served batches cost beyond ONNX
 * Runtime ({@link LivePathSamples}); whenever requests went unrecorded it says how
 * many in a {@code # unrecorded} line, and both counts are meters ({@code baton.scheduler.traffic.unrecorded}, by
 * reason).
 */
public final class TrafficRecorder implements RequestListener, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(TrafficRecorder.class);
    /** Room after a request's last possible answer for the completing thread to hand it over. */
    private static final double SLACK_MS = 250;
    /** How often the writer takes what the queue holds. */
    private static final long DRAIN_EVERY_MS = 50;

    private final BlockingQueue<TrafficLine> queue;
    private final RollingFiles files;
    private final ArrivalOrder order;
    private final LivePathSamples samples = new LivePathSamples();
    private final BatchLines batchLines = new BatchLines();
    private final double graceMs;
    private final double maxHoldMs;
    private final long overheadEveryMs;
    private final AtomicLong queueFull = new AtomicLong();
    private final Counter queueFullMeter, outOfOrderMeter, writeFailedMeter, closedMeter, recordedMeter;
    private final Thread writer;
    /** The longest a request accepted so far may take to end (its budget plus the answer's grace), in ms. */
    private volatile double longestMs;
    private volatile boolean stopping;
    private long saidQueueFull, saidOutOfOrder;

    /**
     * @param graceMs how long after its deadline a request's answer may still come (twice the worker-call grace: the
     *                dispatcher's own guard)
     */
    public TrafficRecorder(RollingFiles files, int queueCapacity, long overheadEveryMs, double maxHoldMs, double graceMs,
                           MeterRegistry meters) {
        this.files = files;
        this.queue = new ArrayBlockingQueue<>(queueCapacity);
        this.order = new ArrivalOrder(queueCapacity);
        this.overheadEveryMs = overheadEveryMs;
        this.maxHoldMs = maxHoldMs;
        this.graceMs = graceMs;
        this.queueFullMeter = Counter.builder("baton.scheduler.traffic.unrecorded").tag("reason", "queue-full")
                .description("Requests the traffic recording left out because its queue was full").register(meters);
        this.outOfOrderMeter = Counter.builder("baton.scheduler.traffic.unrecorded").tag("reason", "out-of-order")
                .description("Requests the traffic recording left out because they ended after later arrivals were written")
                .register(meters);
        this.writeFailedMeter = Counter.builder("baton.scheduler.traffic.unrecorded").tag("reason", "write-failed")
                .description("Requests the traffic recording could not write (see the log)").register(meters);
        this.closedMeter = Counter.builder("baton.scheduler.traffic.unrecorded").tag("reason", "closed")
                .description("Requests that ended after the traffic recording was closed").register(meters);
        this.recordedMeter = Counter.builder("baton.scheduler.traffic.recorded")
                .description("Requests written to the traffic recording").register(meters);
        this.writer = new Thread(this::run, "traffic-writer");
        writer.setDaemon(true);
    }

    /** Starts the writer thread; until then requests wait in the queue. */
    public TrafficRecorder start() {
        writer.start();
        return this;
    }

    @Override
    public void arrived(Arrival arrival) {
        double mayTake = arrival.deadlineMs() - arrival.arrivalMs() + graceMs;
        if (mayTake > longestMs) longestMs = mayTake; // a lost race only lowers it until the next arrival
    }

    @Override
    public void ended(Arrival arrival, InferOutcome outcome) {
        if (stopping) {
            closedMeter.increment(); // the scheduler is stopping: the files are being closed
        } else if (!queue.offer(TrafficLine.of(arrival, outcome))) {
            queueFull.incrementAndGet();
            queueFullMeter.increment();
        }
    }

    /** Requests not recorded because the queue was full. */
    public long unrecordedQueueFull() {
        return queueFull.get();
    }

    RollingFiles files() {
        return files;
    }

    private void run() {
        List<TrafficLine> drained = new ArrayList<>();
        long lastOverhead = System.currentTimeMillis();
        boolean last = false;
        boolean failing = false;
        List<TrafficLine> released = List.of();
        while (!last) {
            last = stopping;
            int written = 0;
            try {
                // a fixed pace rather than waiting on the queue: an offer to a waiting writer woke it for almost every
                // request, a wake-up beside the request's own threads; lines are held back for the answers' order anyway
                Thread.sleep(DRAIN_EVERY_MS);
            } catch (InterruptedException e) {
                last = true;
            }
            queue.drainTo(drained);
            try {
                for (TrafficLine l : drained) {
                    if (order.add(l)) samples.add(l);
                }
                drained.clear();
                double hold = Math.min(maxHoldMs, longestMs) + SLACK_MS;
                double watermark = last ? Double.POSITIVE_INFINITY : System.currentTimeMillis() - hold;
                released = order.release(watermark);
                for (TrafficLine l : released) {
                    files.write(l.csv());
                    recordedMeter.increment();
                    written++;
                    String batch = batchLines.lineFor(l);
                    if (batch != null) files.write(batch);
                }
                released = List.of();
                long now = System.currentTimeMillis();
                if (now - lastOverhead >= overheadEveryMs || last) {
                    String report = samples.report();
                    if (report != null) files.write(report);
                    samples.reset();
                    lastOverhead = now;
                }
                sayUnrecorded();
                files.flush();
                if (failing) log.info("traffic recording: writing to {} again", files.directory());
                failing = false;
            } catch (IOException | RuntimeException e) {
                int lost = Math.max(0, drained.size() + released.size() - written); // what reached the disk is unknown
                writeFailedMeter.increment(lost);
                if (!failing) {
                    log.warn("traffic recording: cannot write to {} ({} request(s) lost, counted in "
                            + "baton_scheduler_traffic_unrecorded_total, reason write-failed; said once until it "
                            + "recovers): {}", files.directory(), lost, e.toString());
                }
                failing = true;
                drained.clear();
            }
        }
    }

    /** A {@code # unrecorded} line whenever the counts grew: a replay then knows the recording is not whole. */
    private void sayUnrecorded() throws IOException {
        long full = queueFull.get(), late = order.outOfOrder();
        if (late > saidOutOfOrder) outOfOrderMeter.increment(late - saidOutOfOrder);
        if (full == saidQueueFull && late == saidOutOfOrder) return;
        files.write("# unrecorded queueFull=" + (full - saidQueueFull) + " outOfOrder=" + (late - saidOutOfOrder)
                + " totalQueueFull=" + full + " totalOutOfOrder=" + late
                + " (requests that reached the scheduler since the last such line but are not in this recording)");
        saidQueueFull = full;
        saidOutOfOrder = late;
    }

    /** Writes everything still held (in order) and closes the files. */
    @Override
    public void close() {
        stopping = true;
        try {
            if (writer.isAlive()) writer.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            files.close();
        } catch (IOException e) {
            log.warn("traffic recording: closing {}: {}", files.directory(), e.toString());
        }
    }
}
