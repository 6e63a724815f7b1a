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
 * Server readiness: the registry and a scheduler answer their readiness probe ({@code /actuator/health/readiness})
 * with 200 within {@code baton.gateway.health-timeout}. All are asked at once; of several schedulers (a leader and its
 * standby) one ready is enough, since the gateway follows whichever leads.
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
        List<CompletableFuture<String>> schedulers = properties.schedulerUrl().stream()
                .map(url -> probe("scheduler", url)).toList();
        List<String> problems = new ArrayList<>(2);
        String problem = registry.join();
        if (problem != null) {
            problems.add(problem);
        }
        List<String> schedulerProblems = new ArrayList<>();
        for (CompletableFuture<String> p : schedulers) {
            String s = p.join();
            if (s != null) {
                schedulerProblems.add(s);
            }
        }
        if (schedulerProblems.size() == schedulers.size()) {
            problems.addAll(schedulerProblems);
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
