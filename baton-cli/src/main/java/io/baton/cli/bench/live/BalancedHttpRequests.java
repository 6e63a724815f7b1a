package io.baton.cli.bench.live;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The same requests sent through several gateways as a client-side balancer sends them: each to the next gateway in
 * turn (round-robin), and one whose connection was refused or reset before any answer came ({@link Resend}) sent once
 * more, through the gateway after it, within what is left of its timeout. Its {@link Outcome} says so
 * ({@link Outcome#resent}), so that a fault's table counts the re-sent requests rather than hiding them. With one
 * gateway nothing is re-sent: there is no other to send to.
 */
final class BalancedHttpRequests implements Requests {
    private final KeepAliveHttp client;
    private final List<HttpRequests> gateways;
    private final Duration timeout;
    private final AtomicInteger next = new AtomicInteger();

    /**
     * @param gateways the same requests prepared once per gateway (each with its own URL), in the order they are used
     * @param timeout  each request's timeout, from its first send: a re-send gets what is left of it
     */
    BalancedHttpRequests(KeepAliveHttp client, List<HttpRequests> gateways, Duration timeout) {
        if (gateways.isEmpty()) throw new IllegalArgumentException("no gateway to send to");
        this.client = client;
        this.gateways = List.copyOf(gateways);
        this.timeout = timeout;
    }

    @Override
    public int size() {
        return gateways.get(0).size();
    }

    /** The gateway the next request goes to first (round-robin). */
    int nextGateway() {
        return Math.floorMod(next.getAndIncrement(), gateways.size());
    }

    @Override
    public CompletableFuture<Void> send(int i, Consumer<Outcome> done) {
        CompletableFuture<Void> ended = new CompletableFuture<>();
        int first = nextGateway();
        attempt(i, first, System.nanoTime(), timeout, false, o -> {
            try {
                done.accept(o);
            } finally {
                ended.complete(null);
            }
        });
        return ended;
    }

    private void attempt(int i, int gateway, long sentNanos, Duration left, boolean resent, Consumer<Outcome> done) {
        AtomicBoolean answerBegun = new AtomicBoolean();
        // once a status line and headers came, whatever follows, this request is never sent again
        client.send(gateways.get(gateway).prepared(i), left, HttpRequests.INFERENCE_HEADER_LENGTH, () -> answerBegun.set(true))
                .whenComplete((answer, failure) -> {
            double ms = (System.nanoTime() - sentNanos) / 1e6;
            if (failure != null && !resent && gateways.size() > 1 && Resend.allowed(failure, answerBegun.get())) {
                Duration remaining = timeout.minusNanos(System.nanoTime() - sentNanos);
                if (remaining.toMillis() >= 1) {
                    attempt(i, (gateway + 1) % gateways.size(), sentNanos, remaining, true, done);
                    return;
                }
            }
            Outcome o = failure != null ? Outcome.noAnswer(ms, failure) : Outcome.of(ms, answer.status(), answer.body(), answer.header());
            done.accept(resent ? o.asResent() : o);
        });
    }
}
