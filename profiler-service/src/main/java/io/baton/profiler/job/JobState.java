package io.baton.profiler.job;

/** The life of a profiling job: queued → running → one of the three final states (or queued → cancelled). */
public enum JobState {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    public boolean finished() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }
}
