package io.baton.worker.batch;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession.RunOptions;

/**
 * Ends ONNX Runtime runs at their deadline. A model can loop or allocate for as long as its input asks (a {@code Loop}
 * whose trip count is an input runs for days at 10^12), and nothing inside {@code OrtSession.run} ever returns on its
 * own; ONNX Runtime checks its run's {@link RunOptions#setTerminate terminate flag} between kernels (and in Loop
 * iterations) and then fails the run, leaving the session usable. One daemon thread sets that flag when a run's time is
 * up, so the batch's thread is answered with the reason instead of holding the device.
 */
public final class RunCanceller implements AutoCloseable {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "run-deadline");
        t.setDaemon(true);
        return t;
    });

    /** Arms the deadline of one run: {@code options} is told to terminate after {@code nanos}. Close it when the run ends. */
    public Armed arm(RunOptions options, long nanos) {
        Armed armed = new Armed(options);
        armed.future = timer.schedule(armed::fire, Math.max(0, nanos), TimeUnit.NANOSECONDS);
        return armed;
    }

    /** One run's deadline, armed until closed. */
    public static final class Armed implements AutoCloseable {
        private final RunOptions options;
        private final AtomicBoolean fired = new AtomicBoolean();
        private volatile ScheduledFuture<?> future;
        private boolean closed; // guarded by this

        private Armed(RunOptions options) {
            this.options = options;
        }

        private void fire() {
            synchronized (this) { // never after close(): the options may be closed by then
                if (closed) {
                    return;
                }
                try {
                    options.setTerminate(true);
                    fired.set(true);
                } catch (OrtException e) {
                    // the run goes on to its own end; nothing else can stop it
                }
            }
        }

        /** Whether the deadline passed while the run was going, so a failure of the run is the cancellation. */
        public boolean fired() {
            return fired.get();
        }

        @Override
        public void close() {
            ScheduledFuture<?> f = future;
            if (f != null) {
                f.cancel(false);
            }
            synchronized (this) {
                closed = true;
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
