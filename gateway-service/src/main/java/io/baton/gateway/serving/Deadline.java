package io.baton.gateway.serving;

/**
 * A request's deadline: {@code budgetMs} from when the gateway received it. Pipeline stages each get what is left.
 */
public record Deadline(long startNanos, double budgetMs) {

    public static Deadline startingAt(long startNanos, double budgetMs) {
        return new Deadline(startNanos, budgetMs);
    }

    public double elapsedMs() {
        return (System.nanoTime() - startNanos) / 1e6;
    }

    public double remainingMs() {
        return budgetMs - elapsedMs();
    }

    /** What is left, or a drop ({@code DEADLINE_PASSED}) when nothing is: no scheduler call is made for it. */
    public double requireRemainingMs(String where) {
        double left = remainingMs();
        if (left <= 0) {
            throw io.baton.gateway.GatewayException.deadlinePassed(where);
        }
        return left;
    }
}
