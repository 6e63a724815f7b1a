package io.baton.cli.bench.live;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The requests a load run sends, prepared once and sent many times (so the generator spends its time sending, not
 * serializing), over REST ({@link HttpRequests}) or gRPC ({@link GrpcRequests}).
 */
interface Requests {

    /** How many distinct requests there are. */
    int size();

    /** Sends request {@code i mod size} now; {@code done} gets its outcome on the client's threads, always. */
    CompletableFuture<Void> send(int i, Consumer<Outcome> done);
}
