package io.baton.gateway.oip;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.baton.gateway.UpstreamProperties;

/**
 * Server readiness: the registry and the scheduler both answer their readiness probe
 * ({@code /actuator/health/readiness}) with 200 within {@code baton.gateway.health-timeout}. Both are asked at once.
 */
public final class UpstreamHealth {

    private final HttpClient http;
    private final UpstreamProperties properties;

    public UpstreamHealth(HttpClient http, UpstreamProperties properties) {
        this.http = http;
        this.properties = properties;
    }

    /** What is not ready, one line each; empty when both are. */
    public List<String> problems() {
        CompletableFuture<String> registry = probe("registry", properties.registryUrl());
        CompletableFuture<String> scheduler = probe("scheduler", properties.schedulerUrl());
        List<String> problems = new ArrayList<>(2);
        for (CompletableFuture<String> p : List.of(registry, scheduler)) {
            String problem = p.join();
            if (problem != null) {
                problems.add(problem);
            }
        }
        return problems;
    }

    private CompletableFuture<String> probe(String service, URI base) {
        URI uri = URI.create(base.toString().replaceAll("/+$", "") + "/actuator/health/readiness");
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(properties.healthTimeout()).GET().build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                .handle((response, failure) -> {
                    if (failure != null) {
                        Throwable t = failure.getCause() != null ? failure.getCause() : failure;
                        return service + " unreachable at " + base + ": " + t.getClass().getSimpleName();
                    }
                    return response.statusCode() == 200 ? null
                            : service + " at " + base + " is not ready (HTTP " + response.statusCode() + ")";
                });
    }
}
