package io.baton.profiler.measure;

import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.OrtSession.RunOptions;

/**
 * Runs one variant's sessions within its {@link ProfilingLimits}. Every run gets ONNX Runtime {@link RunOptions};
 * a watcher thread sets their terminate flag when the run's time is up (the per-run limit, or what is left of the
 * variant's total) or when the process's resident memory has grown past the limit since {@code baselineRss}, and
 * the run's failure is then reported as {@link ProfilingLimitExceeded} naming the limit and what was measured. The
 * flag is checked between kernels, so a single kernel's allocation is seen once it ends: resident memory is read again
 * after every run too.
 */
final class RunGuard implements AutoCloseable {

    /** How often a running run's memory is read: often enough to stop a growing run, rare enough not to disturb it. */
    private static final long SAMPLE_MS = 100;

    private static final ScheduledExecutorService WATCHER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "profiler-run-guard");
        t.setDaemon(true);
        return t;
    });

    private final ProfilingLimits limits;
    private final long baselineRss;
    private final long startNanos = System.nanoTime();

    RunGuard(ProfilingLimits limits, long baselineRss) {
        this.limits = limits;
        this.baselineRss = baselineRss;
    }

    /** Checks the memory the session's creation took. */
    void afterLoad() {
        checkMemory("loading the session");
    }

    /** One run of {@code what} (e.g. "batch 8"), within the limits; the caller closes the result. */
    OrtSession.Result run(OrtSession session, Map<String, OnnxTensor> feed, String what) throws OrtException {
        long totalLeft = limits.totalTime().toNanos() - (System.nanoTime() - startNanos);
        if (totalLeft <= 0) {
            throw totalExceeded();
        }
        long budget = Math.min(limits.runTime().toNanos(), totalLeft);
        boolean perRun = budget == limits.runTime().toNanos();
        long runStart = System.nanoTime();
        try (RunOptions options = new RunOptions()) {
            Watch watch = new Watch(options, runStart, budget);
            watch.future = WATCHER.scheduleAtFixedRate(watch, SAMPLE_MS, SAMPLE_MS, TimeUnit.MILLISECONDS);
            OrtSession.Result result;
            try {
                result = session.run(feed, options);
            } catch (OrtException e) {
                watch.stop();
                if (watch.reason != null) {
                    throw new ProfilingLimitExceeded(watch.reason.describe(what, perRun, this));
                }
                throw e;
            } finally {
                watch.stop();
            }
            if (watch.reason != null) { // the flag came after the last kernel: the run finished anyway
                result.close();
                throw new ProfilingLimitExceeded(watch.reason.describe(what, perRun, this));
            }
            try {
                checkMemory(what);
            } catch (ProfilingLimitExceeded e) {
                result.close();
                throw e;
            }
            return result;
        }
    }

    private void checkMemory(String what) {
        long rss = ProcessMemory.residentBytes();
        if (rss >= 0 && baselineRss >= 0 && rss - baselineRss > limits.memoryGrowth().toBytes()) {
            throw new ProfilingLimitExceeded(memoryMessage(what, rss - baselineRss));
        }
    }

    private String memoryMessage(String what, long growth) {
        return "refused: the profiler's resident memory grew by " + mb(growth) + " (" + what
                + "), past the limit of " + mb(limits.memoryGrowth().toBytes()) + " (baton.profiler.limits.memory-growth)";
    }

    private ProfilingLimitExceeded totalExceeded() {
        return new ProfilingLimitExceeded("refused: measuring the variant took " + elapsedMs(startNanos)
                + " ms, past the limit of " + limits.totalTime().toMillis() + " ms in total (baton.profiler.limits.total-time)");
    }

    private static long elapsedMs(long since) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since);
    }

    private static String mb(long bytes) {
        return (bytes >> 20) + " MB";
    }

    @Override
    public void close() {
        // nothing held: the watcher is shared and each run's watch is stopped with its run
    }

    /** Why a run was stopped. */
    private sealed interface Reason permits TimeUp, MemoryUp {
        String describe(String what, boolean perRun, RunGuard guard);
    }

    private record TimeUp(long elapsedMs) implements Reason {
        public String describe(String what, boolean perRun, RunGuard guard) {
            return perRun
                    ? "refused: a run (" + what + ") was cancelled after " + elapsedMs + " ms, past the limit of "
                    + guard.limits.runTime().toMillis() + " ms per run (baton.profiler.limits.run-time)"
                    : "refused: measuring the variant was cancelled after " + RunGuard.elapsedMs(guard.startNanos)
                    + " ms (during " + what + "), past the limit of " + guard.limits.totalTime().toMillis()
                    + " ms in total (baton.profiler.limits.total-time)";
        }
    }

    private record MemoryUp(long growth) implements Reason {
        public String describe(String what, boolean perRun, RunGuard guard) {
            return guard.memoryMessage("during " + what, growth);
        }
    }

    private final class Watch implements Runnable {
        private final RunOptions options;
        private final long runStart;
        private final long budget;
        private volatile Reason reason;
        private volatile ScheduledFuture<?> future;
        private boolean stopped; // guarded by this

        Watch(RunOptions options, long runStart, long budget) {
            this.options = options;
            this.runStart = runStart;
            this.budget = budget;
        }

        @Override
        public void run() {
            long elapsed = System.nanoTime() - runStart;
            Reason why = null;
            if (elapsed >= budget) {
                why = new TimeUp(TimeUnit.NANOSECONDS.toMillis(elapsed));
            } else {
                long rss = ProcessMemory.residentBytes();
                if (rss >= 0 && baselineRss >= 0 && rss - baselineRss > limits.memoryGrowth().toBytes()) {
                    why = new MemoryUp(rss - baselineRss);
                }
            }
            if (why == null) {
                return;
            }
            synchronized (this) { // never on closed options
                if (stopped || reason != null) {
                    return;
                }
                reason = why;
                try {
                    options.setTerminate(true);
                } catch (OrtException e) {
                    // the run goes on to its end; its result is refused then
                }
            }
        }

        void stop() {
            ScheduledFuture<?> f = future;
            if (f != null) {
                f.cancel(false);
            }
            synchronized (this) {
                stopped = true;
            }
        }
    }
}
