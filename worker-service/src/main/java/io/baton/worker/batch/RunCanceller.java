package io.baton.worker.batch;

import java.util.concurrent.TimeUnit;

import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession.RunOptions;
import io.baton.commons.runtime.ResidentMemory;
import io.baton.core.util.CoarseTimer;

/**
 * Ends ONNX Runtime runs at their deadline, or when they make the process grow past a bound. A model can loop or
 * allocate for as long as its input asks (a {@code Loop} whose trip count is an input runs for days at 10^12), and
 * nothing inside {@code OrtSession.run} ever returns on its own; ONNX Runtime checks its run's
 * {@link RunOptions#setTerminate terminate flag} between kernels (and in Loop iterations) and then fails the run,
 * leaving the session usable. One daemon thread sets that flag when a run's time is up, or when the process's
 * resident set, read every {@link #SAMPLE_MS} ms while a run goes, has grown past the run's memory bound since it
 * began, so the batch's thread is answered with the reason instead of holding the device. A single kernel's
 * allocation is not interrupted: it is seen when the kernel ends.
 * <p>
 * The bounds are armed on a {@link CoarseTimer}, which looks at them every {@link #TICK_MS} ms: arming one for every
 * batch on a scheduled executor woke its thread about three times per batch (the arming, then each cancelled task's
 * time), beside the batch's own threads. A run is stopped up to one tick after its bound.
 */
public final class RunCanceller implements AutoCloseable {

    /** How often a running run's memory is read: often enough to stop a growing run, rare enough to cost nothing. */
    static final long SAMPLE_MS = 100;
    /** How late a bound may be seen. */
    static final long TICK_MS = 10;

    /** Why a run was stopped. */
    public enum Reason { TIME, MEMORY }

    private final CoarseTimer timer = new CoarseTimer("run-deadline", TimeUnit.MILLISECONDS.toNanos(TICK_MS));

    /** Arms the deadline of one run: {@code options} is told to terminate after {@code nanos}. Close it when the run ends. */
    public Armed arm(RunOptions options, long nanos) {
        return arm(options, nanos, Long.MAX_VALUE);
    }

    /**
     * Arms one run's bounds: {@code options} is told to terminate after {@code nanos}, or once the process's resident
     * set has grown by more than {@code maxGrowthBytes} since now. Close it when the run ends.
     */
    public Armed arm(RunOptions options, long nanos, long maxGrowthBytes) {
        Armed armed = new Armed(timer, options, maxGrowthBytes == Long.MAX_VALUE ? -1 : ResidentMemory.bytes(),
                maxGrowthBytes);
        armed.deadline = timer.schedule(() -> armed.fire(Reason.TIME, 0), Math.max(0, nanos), TimeUnit.NANOSECONDS);
        if (armed.baseline >= 0) {
            armed.sampleLater();
        }
        return armed;
    }

    /** One run's bounds, armed until closed. */
    public static final class Armed implements AutoCloseable {
        private final CoarseTimer timer;
        private final RunOptions options;
        private final long baseline;
        private final long maxGrowthBytes;
        private volatile CoarseTimer.Timeout deadline;
        private volatile CoarseTimer.Timeout sampler;
        private volatile Reason reason;
        private volatile long growthBytes;
        private boolean closed; // guarded by this

        private Armed(CoarseTimer timer, RunOptions options, long baseline, long maxGrowthBytes) {
            this.timer = timer;
            this.options = options;
            this.baseline = baseline;
            this.maxGrowthBytes = maxGrowthBytes;
        }

        /** The next memory reading, {@link #SAMPLE_MS} from now, while the run goes and no bound was passed. */
        private void sampleLater() {
            synchronized (this) {
                if (!closed && reason == null) {
                    sampler = timer.schedule(this::sample, SAMPLE_MS, TimeUnit.MILLISECONDS);
                }
            }
        }

        private void sample() {
            long rss = ResidentMemory.bytes();
            if (rss >= 0 && rss - baseline > maxGrowthBytes) {
                fire(Reason.MEMORY, rss - baseline);
            }
            sampleLater();
        }

        private void fire(Reason why, long growth) {
            synchronized (this) { // never after close(): the options may be closed by then
                if (closed || reason != null) {
                    return;
                }
                try {
                    options.setTerminate(true);
                    growthBytes = growth;
                    reason = why;
                } catch (OrtException e) {
                    // the run goes on to its own end; nothing else can stop it
                }
            }
        }

        /** Whether a bound was passed while the run was going, so a failure of the run is the cancellation. */
        public boolean fired() {
            return reason != null;
        }

        /** Which bound was passed, or null. */
        public Reason reason() {
            return reason;
        }

        /** The resident growth that passed the memory bound (0 unless {@link #reason()} is {@code MEMORY}). */
        public long growthBytes() {
            return growthBytes;
        }

        @Override
        public void close() {
            synchronized (this) {
                closed = true;
            }
            for (CoarseTimer.Timeout t : new CoarseTimer.Timeout[] {deadline, sampler}) {
                if (t != null) {
                    t.cancel();
                }
            }
        }
    }

    @Override
    public void close() {
        timer.close();
    }
}
