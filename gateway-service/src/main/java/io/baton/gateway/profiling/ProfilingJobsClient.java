package io.baton.gateway.profiling;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.UpstreamProperties;

/**
 * Asks profiler-service ({@code GET /v1/profiling-jobs}) which variants of an application a queued or running job
 * covers. A model's state is a courtesy of its metadata, not a condition of serving it: a profiler that cannot be
 * reached within {@code health-timeout}, or answers what cannot be read, counts as running no job (logged).
 */
public record ProfilingJobsClient(HttpClient http, ObjectMapper json, UpstreamProperties properties) {

    private static final Logger log = LoggerFactory.getLogger(ProfilingJobsClient.class);

    /** The names of {@code application}'s variants a queued or running profiling job covers (maybe none). */
    public CompletableFuture<Set<String>> variantsBeingProfiled(String application) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(properties.profilerUrl().toString()
                        .replaceAll("/+$", "") + "/v1/profiling-jobs"))
                .timeout(properties.healthTimeout()).header("Accept", "application/json").GET().build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
                .thenApply(response -> {
                    if (response.statusCode() != 200) {
                        log.debug("profiler answered {} to GET /v1/profiling-jobs", response.statusCode());
                        return Set.<String>of();
                    }
                    return covered(response.body(), application);
                })
                .exceptionally(failure -> {
                    log.debug("profiler's jobs could not be read: {}", failure.toString());
                    return Set.of();
                });
    }

    private Set<String> covered(byte[] body, String application) {
        Set<String> variants = new TreeSet<>();
        try {
            for (JsonNode job : json.readTree(body)) {
                String state = job.path("state").asText();
                if (application.equals(job.path("application").asText())
                        && (state.equalsIgnoreCase("queued") || state.equalsIgnoreCase("running"))) {
                    job.path("variants").forEach(v -> variants.add(v.asText()));
                }
            }
        } catch (java.io.IOException e) {
            log.debug("profiler's job list is not JSON: {}", e.getMessage());
        }
        return variants;
    }
}
