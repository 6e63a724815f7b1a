package io.baton.cli.bench.live;

import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Oip;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The requests a load run sends over REST: one prepared OIP request per validation image (built once, sent many times, so
 * the generator spends its time sending, not serializing), or one per generated body, and an asynchronous send that always ends in an
 * {@link Outcome}: a slow answer never holds up the next arrival.
 */
final class HttpRequests implements Requests {
    /** The binary tensor data extension's header: how many leading bytes of a body are its JSON. */
    static final String INFERENCE_HEADER_LENGTH = "Inference-Header-Content-Length";

    private final KeepAliveHttp client;
    private final List<KeepAliveHttp.Prepared> prepared;
    private final Duration timeout;

    HttpRequests(KeepAliveHttp client, URI inferUrl, String inputName, float[] examples, int[] dims, int count, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
        this.prepared = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] body;
            try {
                body = JsonHttp.JSON.writeValueAsBytes(Oip.inferRequest(null, inputName, examples, dims, i, 1));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            prepared.add(new KeepAliveHttp.Prepared(inferUrl, "application/json", Map.of(), body));
        }
    }

    /** One prepared request per body, sent with the binary tensor data extension. */
    HttpRequests(KeepAliveHttp client, URI inferUrl, List<BinaryInferRequest> bodies, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
        this.prepared = new ArrayList<>(bodies.size());
        for (BinaryInferRequest b : bodies) {
            prepared.add(new KeepAliveHttp.Prepared(inferUrl, "application/octet-stream",
                    Map.of(INFERENCE_HEADER_LENGTH, String.valueOf(b.headerLength())), b.body()));
        }
    }

    /** The client every load run sends its REST requests with ({@link KeepAliveHttp}). */
    static KeepAliveHttp client() {
        return new KeepAliveHttp(Duration.ofSeconds(5));
    }

    /** Request {@code i mod size} as prepared (its URL, headers and body). */
    KeepAliveHttp.Prepared prepared(int i) {
        return prepared.get(Math.floorMod(i, prepared.size()));
    }

    @Override
    public int size() {
        return prepared.size();
    }

    @Override
    public CompletableFuture<Void> send(int i, Consumer<Outcome> done) {
        long sent = System.nanoTime();
        return client.send(prepared.get(i % prepared.size()), timeout, INFERENCE_HEADER_LENGTH, null)
                .handle((answer, failure) -> {
                    double ms = (System.nanoTime() - sent) / 1e6;
                    done.accept(failure != null ? Outcome.noAnswer(ms, failure) : Outcome.of(ms, answer.status(), answer.body(),
                            answer.header()));
                    return null;
                });
    }
}
