package io.baton.cli.bench.live;

import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Oip;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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

    private final HttpClient client;
    private final List<HttpRequest> prepared;

    HttpRequests(HttpClient client, URI inferUrl, String inputName, float[] examples, int[] dims, int count, Duration timeout) {
        this.client = client;
        this.prepared = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] body;
            try {
                body = JsonHttp.JSON.writeValueAsBytes(Oip.inferRequest(null, inputName, examples, dims, i, 1));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            prepared.add(HttpRequest.newBuilder(inferUrl).timeout(timeout).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
        }
    }

    /** One prepared request per body, sent with the binary tensor data extension. */
    HttpRequests(HttpClient client, URI inferUrl, List<BinaryInferRequest> bodies, Duration timeout) {
        this.client = client;
        this.prepared = new ArrayList<>(bodies.size());
        for (BinaryInferRequest b : bodies) {
            prepared.add(HttpRequest.newBuilder(inferUrl).timeout(timeout).header("Content-Type", "application/octet-stream")
                    .header(INFERENCE_HEADER_LENGTH, String.valueOf(b.headerLength()))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(b.body())).build());
        }
    }

    static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** Request {@code i mod size} as prepared (its URL, headers, body and timeout). */
    HttpRequest prepared(int i) {
        return prepared.get(Math.floorMod(i, prepared.size()));
    }

    @Override
    public int size() {
        return prepared.size();
    }

    @Override
    public CompletableFuture<Void> send(int i, Consumer<Outcome> done) {
        long sent = System.nanoTime();
        return client.sendAsync(prepared.get(i % prepared.size()), HttpResponse.BodyHandlers.ofByteArray())
                .handle((response, failure) -> {
                    double ms = (System.nanoTime() - sent) / 1e6;
                    done.accept(failure != null ? Outcome.noAnswer(ms, failure) : Outcome.of(ms, response.statusCode(), response.body(),
                            response.headers().firstValue(INFERENCE_HEADER_LENGTH).orElse(null)));
                    return null;
                });
    }
}
