package io.baton.profiler.job;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.baton.profiler.measure.Cancelled;
import io.baton.profiler.measure.Progress;

/** One job's mutable state, shared by the thread that runs it and the threads that poll or cancel it. */
public final class ProfilingJob implements Progress {

    private final String id;
    private final JobSpec spec;
    private final Instant createdAt = Instant.now();
    private final AtomicReference<JobState> state = new AtomicReference<>(JobState.QUEUED);
    private final AtomicInteger stepsDone = new AtomicInteger();
    private final int steps;
    private final List<VariantOutcome> results = new CopyOnWriteArrayList<>();
    private volatile boolean cancelRequested;
    private volatile Instant startedAt, finishedAt;
    private volatile String error;
    private volatile boolean dependencyFailed;
    private volatile EnsembleOutcome ensembleOutcome;
    private volatile Future<?> future;

    ProfilingJob(String id, JobSpec spec) {
        this.id = id;
        this.spec = spec;
        // Per variant its measurement steps; for the ensemble step, one per base model recorded and one for the fits.
        this.steps = spec.variants().size() * spec.settings().steps() + (spec.ensemble() == null ? 0 : spec.variants().size() + 1);
    }

    public String id() { return id; }
    public JobSpec spec() { return spec; }
    public JobState state() { return state.get(); }
    public Instant createdAt() { return createdAt; }
    public Instant startedAt() { return startedAt; }
    public Instant finishedAt() { return finishedAt; }
    public String error() { return error; }
    /** Failed because the registry could not be reached or answered 5xx, not because of the variant: worth retrying. */
    public boolean dependencyFailed() { return dependencyFailed; }
    public List<VariantOutcome> results() { return List.copyOf(results); }
    public EnsembleOutcome ensembleOutcome() { return ensembleOutcome; }

    /** Done steps over all steps, in [0, 1]; 1 once succeeded. */
    public double progress() {
        return state() == JobState.SUCCEEDED ? 1.0 : Math.min(1.0, (double) stepsDone.get() / steps);
    }

    @Override
    public void step() {
        stepsDone.incrementAndGet();
    }

    @Override
    public void checkCancelled() {
        if (cancelRequested || Thread.currentThread().isInterrupted()) throw new Cancelled();
    }

    void future(Future<?> f) {
        this.future = f;
    }

    void add(VariantOutcome outcome) {
        results.add(outcome);
    }

    void ensemble(EnsembleOutcome outcome) {
        ensembleOutcome = outcome;
    }

    /** queued → running; false when it was cancelled while queued. */
    boolean start() {
        if (!state.compareAndSet(JobState.QUEUED, JobState.RUNNING)) return false;
        startedAt = Instant.now();
        return true;
    }

    void finish(JobState end, String why) {
        finish(end, why, false);
    }

    void finish(JobState end, String why, boolean dependency) {
        error = why;
        dependencyFailed = dependency;
        finishedAt = Instant.now();
        state.set(end);
    }

    /**
     * Asks the job to stop. A queued job is cancelled at once; a running one stops before its next run of the model
     * (the variants already written stay in the registry). False when it had finished already.
     */
    boolean cancel() {
        cancelRequested = true;
        if (state.compareAndSet(JobState.QUEUED, JobState.CANCELLED)) {
            finishedAt = Instant.now();
            Future<?> f = future;
            if (f != null) f.cancel(false);
            return true;
        }
        return !state().finished();
    }
}
