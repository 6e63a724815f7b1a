package io.baton.core.domain;

/**
 * One inference request as the schedulers see it: which served model it is for, when it arrived and
 * by when it must finish. Inputs never travel through a dispatcher (as in Symphony, the scheduler sees
 * only ids and deadlines); {@link #features} carries what an {@code Enricher} derived at the edge
 * (difficulty score, class evidence, ...), or null.
 *
 * <p>A mutable class rather than a record: the simulator allocates millions per second and stamps the
 * outcome on the same object.
 */
public final class Request {
    public final long id;
    /** Index of the served model in the dispatcher's model table. */
    public final int model;
    public final double arrivalMs;
    public final double deadlineMs;
    /** Larger is more important (Triton's convention inverted: 0 = default). */
    public final int priority;
    /** Edge-derived features, or null. */
    public Object features;

    public Request(long id, int model, double arrivalMs, double deadlineMs) {
        this(id, model, arrivalMs, deadlineMs, 0);
    }

    public Request(long id, int model, double arrivalMs, double deadlineMs, int priority) {
        this.id = id;
        this.model = model;
        this.arrivalMs = arrivalMs;
        this.deadlineMs = deadlineMs;
        this.priority = priority;
    }

    @Override
    public String toString() {
        return "Request{" + id + ", model=" + model + ", arrival=" + arrivalMs + ", deadline=" + deadlineMs + '}';
    }
}
