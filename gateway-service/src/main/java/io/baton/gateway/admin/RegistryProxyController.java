package io.baton.gateway.admin;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.GatewayProperties;
import io.baton.gateway.LimitedInputStream;

/**
 * {@code /v1/**} passed through to registry-service unchanged (method, path, query, body and the headers that carry
 * meaning), so that an admin page talks only to the gateway; bodies are streamed both ways, so an artifact upload is
 * never held whole in the gateway. The API key is checked before ({@link ApiKeyFilter}). A body larger than
 * {@code baton.gateway.max-upload-size} is refused with 413 here: at once when its {@code Content-Length} says so,
 * before anything is sent on; otherwise (chunked) as soon as it passes the limit while streaming.
 */
@RestController
public class RegistryProxyController {

    /** Request headers worth forwarding; hop-by-hop ones and those the JDK client sets itself are not. */
    private static final List<String> REQUEST_HEADERS = List.of("Content-Type", "Accept", "If-None-Match",
            "If-Match", "If-Modified-Since");
    private static final Set<String> RESPONSE_HEADERS = Set.of("content-type", "location", "etag", "cache-control",
            "last-modified", "content-disposition", "content-length");

    private final HttpClient http;
    private final GatewayProperties properties;
    private final ObjectMapper json;

    public RegistryProxyController(HttpClient http, GatewayProperties properties, ObjectMapper json) {
        this.http = http;
        this.properties = properties;
        this.json = json;
    }

    @RequestMapping("/v1/**")
    @Operation(summary = "registry-service's admin API, passed through (see openapi/registry-service.yaml); needs "
            + "an API key with the admin scope in X-API-Key or Authorization: Bearer once any key is in force")
    @ApiResponse(responseCode = "200", description = "The registry's answer, status and body as it sent them")
    @ApiResponse(responseCode = "401", description = "No API key, or one not accepted", content = @Content(
            mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
    @ApiResponse(responseCode = "403", description = "An API key without the admin scope", content = @Content(
            mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
    @ApiResponse(responseCode = "413", description = "A body past baton.gateway.max-upload-size", content = @Content(
            mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
    @ApiResponse(responseCode = "503", description = "Registry unreachable (also for checking a key)", content = @Content(
            mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
    public void proxy(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String base = properties.registryUrl().toString().replaceAll("/+$", "");
        String query = request.getQueryString();
        URI target = URI.create(base + request.getRequestURI() + (query == null ? "" : "?" + query));
        long limit = properties.maxUploadSize().toBytes();
        long length = request.getContentLengthLong();
        if (length > limit) {
            tooLarge(request, response, "the request body of " + length + " bytes");
            return;
        }
        LimitedInputStream body = new LimitedInputStream(request.getInputStream(), limit);
        HttpRequest.Builder forward = HttpRequest.newBuilder(target).method(request.getMethod(), body(request, body));
        for (String h : REQUEST_HEADERS) {
            String v = request.getHeader(h);
            if (v != null) {
                forward.header(h, v);
            }
        }
        HttpResponse<InputStream> answer;
        try {
            answer = http.send(forward.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            if (body.exceeded()) {
                tooLarge(request, response, "the request body");
                return;
            }
            unavailable(request, response, "registry unreachable at " + properties.registryUrl() + ": "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            unavailable(request, response, "interrupted while calling the registry");
            return;
        }
        response.setStatus(answer.statusCode());
        answer.headers().map().forEach((name, values) -> {
            if (RESPONSE_HEADERS.contains(name.toLowerCase())) {
                for (String v : values) {
                    // A registry answering with absolute URLs of its own must not send the client around the gateway.
                    response.addHeader(name, "location".equalsIgnoreCase(name) && v.startsWith(base)
                            ? v.substring(base.length()) : v);
                }
            }
        });
        try (InputStream in = answer.body(); OutputStream out = response.getOutputStream()) {
            in.transferTo(out);
        }
    }

    private static HttpRequest.BodyPublisher body(HttpServletRequest request, LimitedInputStream body) {
        long length = request.getContentLengthLong();
        if (length == 0 || length < 0 && request.getHeader("Transfer-Encoding") == null) {
            return HttpRequest.BodyPublishers.noBody();
        }
        HttpRequest.BodyPublisher stream = HttpRequest.BodyPublishers.ofInputStream(() -> body);
        // With the length known the registry sees Content-Length and can refuse an oversized upload at once.
        return length > 0 ? HttpRequest.BodyPublishers.fromPublisher(stream, length) : stream;
    }

    private void tooLarge(HttpServletRequest request, HttpServletResponse response, String what) throws IOException {
        long limit = properties.maxUploadSize().toBytes();
        response.setStatus(413);
        response.setContentType("application/problem+json");
        json.writeValue(response.getOutputStream(), new ProblemBody("urn:baton:problem:too-large",
                "Payload Too Large", 413, what + " exceeds the gateway's limit of " + limit
                        + " bytes (baton.gateway.max-upload-size)", request.getRequestURI(), "body"));
    }

    private void unavailable(HttpServletRequest request, HttpServletResponse response, String detail)
            throws IOException {
        response.setStatus(503);
        response.setContentType("application/problem+json");
        json.writeValue(response.getOutputStream(), new ProblemBody("urn:baton:problem:registry-unavailable",
                "Service Unavailable", 503, detail, request.getRequestURI(), null));
    }
}
