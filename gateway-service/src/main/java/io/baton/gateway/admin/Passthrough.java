package io.baton.gateway.admin;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.gateway.LimitedInputStream;
import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.edge.PacedBody;
import io.baton.commons.problem.ProblemTypes;

/**
 * Passes one admin request to another service unchanged (method, query, body and the headers that carry meaning) and
 * its answer back (status, body, the headers worth keeping), so that the admin page talks only to the gateway. Bodies
 * are streamed both ways: an artifact upload is never held whole in the gateway. The API key stays here (it is not a
 * header that is passed on). An upstream that cannot be reached is a 503 problem naming it, one that does not answer
 * within the limit a 504. A body larger than {@code baton.gateway.max-upload-size} is refused with 413: at once when
 * its {@code Content-Length} says so, before anything is sent on; otherwise (chunked) as soon as it passes the limit
 * while streaming. An upstream's problem body (RFC 7807) is the one thing rewritten: its {@code instance} becomes the
 * path the client called (not the upstream's, such as {@code /internal/v1/workers/x}), and Spring's "No static
 * resource ..." for a route the upstream lacks becomes {@code no such route: GET /v1/...}.
 */
public record Passthrough(HttpClient http, ObjectMapper json, long maxBodyBytes) {

    /** Request headers worth forwarding; hop-by-hop ones and those the JDK client sets itself are not. */
    private static final List<String> REQUEST_HEADERS = List.of("Content-Type", "Accept", "If-None-Match",
            "If-Match", "If-Modified-Since");
    private static final Set<String> RESPONSE_HEADERS = Set.of("content-type", "location", "etag", "cache-control",
            "last-modified", "content-disposition", "content-length");

    /** A problem body longer than this is passed on untouched. */
    private static final int MAX_PROBLEM_BYTES = 64 * 1024;

    /**
     * An upstream service.
     *
     * @param name    how errors name it ({@code registry}, {@code profiler}, {@code scheduler})
     * @param base    its base URL
     * @param timeout limit until its answer's headers arrive; null: none
     */
    public record Upstream(String name, URI base, Duration timeout) {

        /** The registry, with no time limit: an artifact upload is answered only once the registry has read it all. */
        static Upstream registry(UpstreamProperties properties) {
            return new Upstream("registry", properties.registryUrl(), null);
        }

        static Upstream profiler(UpstreamProperties properties) {
            return new Upstream("profiler", properties.profilerUrl(), properties.adminTimeout());
        }

        /** The scheduler that leads now, as {@code leader} last learnt it. */
        static Upstream scheduler(UpstreamProperties properties, io.baton.gateway.scheduler.SchedulerLeader leader) {
            return new Upstream("scheduler", leader.current(), properties.adminTimeout());
        }

        String baseText() {
            return base.toString().replaceAll("/+$", "");
        }
    }

    /** Sends {@code request} to the same path (and query) on {@code upstream}. */
    public void forward(HttpServletRequest request, HttpServletResponse response, Upstream upstream)
            throws IOException {
        forward(request, response, upstream, request.getRequestURI());
    }

    /** Sends {@code request} to {@code path} (with the request's own query) on {@code upstream}. */
    public void forward(HttpServletRequest request, HttpServletResponse response, Upstream upstream, String path)
            throws IOException {
        String base = upstream.baseText();
        String query = request.getQueryString();
        URI target = URI.create(base + path + (query == null ? "" : "?" + query));
        long length = request.getContentLengthLong();
        if (length > maxBodyBytes) {
            tooLarge(request, response, "the request body of " + length + " bytes");
            return;
        }
        LimitedInputStream body = new LimitedInputStream(request.getInputStream(), maxBodyBytes);
        HttpRequest.Builder forward = HttpRequest.newBuilder(target).method(request.getMethod(), body(request, body));
        if (upstream.timeout() != null) {
            forward.timeout(upstream.timeout());
        }
        for (String h : REQUEST_HEADERS) {
            String v = request.getHeader(h);
            if (v != null) {
                forward.header(h, v);
            }
        }
        HttpResponse<InputStream> answer;
        try {
            answer = http.send(forward.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (HttpTimeoutException e) {
            problem(request, response, 504, upstream.name() + "-timeout", "Gateway Timeout", upstream.name()
                    + " gave no answer within " + upstream.timeout().toMillis() + " ms (" + upstream.base() + ")");
            return;
        } catch (IOException e) {
            if (body.exceeded()) {
                tooLarge(request, response, "the request body");
                return;
            }
            PacedBody paced = PacedBody.of(request);
            if (paced != null && paced.refusal() != null) {
                return; // too slow (408) or the client gone: answered and logged once by BodyReadFilter
            }
            problem(request, response, 503, upstream.name() + "-unavailable", "Service Unavailable",
                    upstream.name() + " unreachable at " + upstream.base() + ": " + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problem(request, response, 503, upstream.name() + "-unavailable", "Service Unavailable",
                    "interrupted while calling the " + upstream.name());
            return;
        }
        response.setStatus(answer.statusCode());
        boolean problem = answer.statusCode() >= 400 && answer.headers().firstValue("Content-Type")
                .map(t -> t.toLowerCase().startsWith("application/problem+json")).orElse(false);
        answer.headers().map().forEach((name, values) -> {
            if (problem && "content-length".equalsIgnoreCase(name)) {
                return; // rewritten below
            }
            if (RESPONSE_HEADERS.contains(name.toLowerCase())) {
                for (String v : values) {
                    // An upstream answering with absolute URLs of its own must not send the client around the gateway.
                    response.addHeader(name, "location".equalsIgnoreCase(name) && v.startsWith(base)
                            ? v.substring(base.length()) : v);
                }
            }
        });
        try (InputStream in = answer.body(); OutputStream out = response.getOutputStream()) {
            if (problem) {
                out.write(clientProblem(in.readNBytes(MAX_PROBLEM_BYTES), request));
            }
            in.transferTo(out);
        }
    }

    /** The upstream's problem body as the client should read it; anything not a JSON object is left as it came. */
    private byte[] clientProblem(byte[] body, HttpServletRequest request) {
        try {
            if (body.length < MAX_PROBLEM_BYTES && json.readTree(body) instanceof ObjectNode problem) {
                if (problem.has("instance")) {
                    problem.put("instance", request.getRequestURI());
                }
                JsonNode detail = problem.get("detail");
                if (detail != null && detail.asText().startsWith("No static resource")) {
                    problem.put("detail", "no such route: " + request.getMethod() + " " + request.getRequestURI());
                }
                return json.writeValueAsBytes(problem);
            }
        } catch (IOException notJson) {
            // pass it on as it came
        }
        return body;
    }

    private void tooLarge(HttpServletRequest request, HttpServletResponse response, String what) throws IOException {
        response.setStatus(413);
        response.setContentType("application/problem+json");
        json.writeValue(response.getOutputStream(), new ProblemBody(ProblemTypes.type(ProblemTypes.TOO_LARGE),
                "Payload Too Large", 413, what + " exceeds the gateway's limit of " + maxBodyBytes
                        + " bytes (baton.gateway.max-upload-size)", request.getRequestURI(), "body"));
    }

    private static HttpRequest.BodyPublisher body(HttpServletRequest request, LimitedInputStream body) {
        long length = request.getContentLengthLong();
        if (length == 0 || length < 0 && request.getHeader("Transfer-Encoding") == null) {
            return HttpRequest.BodyPublishers.noBody();
        }
        HttpRequest.BodyPublisher stream = HttpRequest.BodyPublishers.ofInputStream(() -> body);
        // With the length known the upstream sees Content-Length and can refuse an oversized upload at once.
        return length > 0 ? HttpRequest.BodyPublishers.fromPublisher(stream, length) : stream;
    }

    private void problem(HttpServletRequest request, HttpServletResponse response, int status, String slug,
                         String title, String detail) throws IOException {
        response.setStatus(status);
        response.setContentType("application/problem+json");
        json.writeValue(response.getOutputStream(), new ProblemBody(ProblemTypes.type(slug), title, status, detail,
                request.getRequestURI(), null));
    }
}
