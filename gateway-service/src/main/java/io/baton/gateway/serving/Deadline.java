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
}
