package io.baton.cli.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.baton.core.security.InternalCredentials;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * The few JSON calls the suite's tooling makes to its services (java.net.http and Jackson; scheduling-core has no
 * Spring). Every call answers status and body; a transport failure is a {@link SuiteException} that names the URL.
 * Every call carries the suite's internal secret when there is one: the registry, scheduler and profiler serve only
 * callers that present it.
 */
public final class JsonHttp {
    public static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client;
    private final Duration timeout;

    /** {@code credentials}: the secret of the suite this talks to (none: it calls as a stranger). */
    public JsonHttp(Duration timeout, InternalCredentials credentials) {
        this.timeout = timeout;
        this.client = credentials.signing(
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build());
    }

    /** With the secret this process is configured with ({@code BATON_INTERNAL_SECRET} or {@code BATON_INTERNAL_SECRET_FILE}), if any. */
    public JsonHttp(Duration timeout) {
        this(timeout, InternalCredentials.forClientFromEnvironment());
    }

    public JsonHttp() {
        this(Duration.ofSeconds(30));
    }

    /** A status and body; {@link #json()} parses the body (a missing node when it is empty or not JSON). */
    public record Response(int status, String body) {
        public boolean ok() {
            return status >= 200 && status < 300;
        }

        public JsonNode json() {
            if (body == null || body.isBlank()) return MissingNode.getInstance();
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                return MissingNode.getInstance();
            }
        }

        /** The problem's detail, the OIP error, or the body itself: what a one-line message should quote. */
        public String reason() {
            JsonNode j = json();
            for (String f : new String[] {"detail", "error", "title"}) {
                if (j.hasNonNull(f)) return j.get(f).asText();
            }
            String b = body == null ? "" : body.strip();
            return b.length() > 200 ? b.substring(0, 200) + "…" : b;
        }
    }

    public Response get(URI uri) {
        return send(HttpRequest.newBuilder(uri).timeout(timeout).GET().build());
    }

    public Response post(URI uri, Object body) {
        return send(json(uri).POST(HttpRequest.BodyPublishers.ofString(write(body))).build());
    }

    public Response put(URI uri, Object body) {
        return send(json(uri).PUT(HttpRequest.BodyPublishers.ofString(write(body))).build());
    }

    public Response postBytes(URI uri, byte[] bytes) {
        return send(HttpRequest.newBuilder(uri).timeout(timeout).header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build());
    }

    public byte[] getBytes(URI uri) {
        try {
            HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(uri).timeout(timeout).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != 200) throw new SuiteException("GET " + uri + " answered " + r.statusCode());
            return r.body();
        } catch (IOException e) {
            throw unreachable(uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteException("interrupted while calling " + uri, e);
        }
    }

    /** True when {@code uri} answers anything at all (used to tell "not started yet" from "refused"). */
    public boolean answers(URI uri) {
        try {
            client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).GET().build(), HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private HttpRequest.Builder json(URI uri) {
        return HttpRequest.newBuilder(uri).timeout(timeout).header("Content-Type", "application/json").header("Accept", "application/json");
    }

    private Response send(HttpRequest request) {
        try {
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            return new Response(r.statusCode(), r.body());
        } catch (IOException e) {
            throw unreachable(request.uri(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteException("interrupted while calling " + request.uri(), e);
        }
    }

    private static SuiteException unreachable(URI uri, IOException e) {
        String why = e instanceof ConnectException ? "nothing answers there"
                : e instanceof HttpTimeoutException ? "no answer in time" : String.valueOf(e.getMessage());
        return new SuiteException(uri.getScheme() + "://" + uri.getAuthority() + " cannot be reached (" + why + ")", e);
    }

    static String write(Object body) {
        try {
            return body instanceof String s ? s : JSON.writeValueAsString(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write JSON: " + e.getMessage(), e);
        }
    }
}
