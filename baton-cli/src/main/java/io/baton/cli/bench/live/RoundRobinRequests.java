package io.baton.cli.bench.live;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The same requests prepared once per gateway, each sent to the next gateway in turn, as a client-side balancer over
 * gRPC channels sends them. Nothing is re-sent: a gRPC call that fails ends with its status, and a run through several
 * gateways measures them serving together, not failing over (that is {@code bench faults}).
 */
final class RoundRobinRequests implements Requests {
    private final List<Requests> gateways;
    private final AtomicInteger next = new AtomicInteger();

    RoundRobinRequests(List<Requests> gateways) {
        if (gateways.isEmpty()) throw new IllegalArgumentException("no gateway to send to");
        this.gateways = List.copyOf(gateways);
    }

    @Override
    public int size() {
        return gateways.get(0).size();
    }

    @Override
    public CompletableFuture<Void> send(int i, Consumer<Outcome> done) {
        return gateways.get(Math.floorMod(next.getAndIncrement(), gateways.size())).send(i, done);
    }
}
