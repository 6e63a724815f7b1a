package io.baton.commons.test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.sun.net.httpserver.HttpServer;

/**
 * registry-service's hot read ({@code GET /v1/applications/{name}}) answered from a map, in the registry's JSON, and
 * {@code POST /v1/plans} recorded: enough of the registry for tests whose subject is a caller of it (the scheduler's
 * dispatch tests); the end-to-end tests run the real registry.
 */
public final class RegistryStub implements AutoCloseable {

    private final HttpServer server;
    private final Map<String, String> applications = new ConcurrentHashMap<>();
    /** Bodies of {@code POST /v1/plans}, in arrival order. */
    public final java.util.List<String> plans = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** A stub already serving, for a test class's static field (an I/O failure fails the class's initialisation). */
    public static RegistryStub started() {
        try {
            return new RegistryStub();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("starting the registry stub", e);
        }
    }

    public RegistryStub() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/applications/", exchange -> {
            String name = exchange.getRequestURI().getPath().substring("/v1/applications/".length());
            String body = applications.get(name);
            byte[] bytes = (body != null ? body
                    : "{\"type\":\"urn:baton:problem:not-found\",\"status\":404,\"detail\":\"no application " + name + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", body != null ? "application/json" : "application/problem+json");
            exchange.sendResponseHeaders(body != null ? 200 : 404, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.createContext("/v1/plans", exchange -> {
            plans.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] bytes = "{}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(201, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public void put(String name, String json) {
        applications.put(name, json);
    }

    /**
     * A single-model application with one variant taking FP32 {@code x} [-1,4] to FP32 {@code y} [-1,3] (the
     * scheduler tests' linear model); {@code latency} as {@code [[batch, p50], ...]}, or null for a variant never
     * profiled.
     */
    public static String singleApp(String name, String policy, double sloMs, String variant, String digest,
                                   double[][] latency) {
        StringBuilder profile = new StringBuilder();
        if (latency != null) {
            profile.append("{\"deviceKind\":\"cpu\",\"executionProvider\":\"cpu\",\"accuracy\":0.9,\"version\":0,\"latency\":[");
            for (int i = 0; i < latency.length; i++) {
                if (i > 0) profile.append(',');
                profile.append("{\"batchSize\":%d,\"p50Ms\":%s,\"p99Ms\":%s}".formatted((int) latency[i][0],
                        latency[i][1], latency[i][1] * 1.5));
            }
            profile.append("]}");
        }
        return """
                {"name":"%s","kind":"single","policy":"%s","sloMs":%s,
                 "inputs":[{"name":"x","datatype":"FP32","shape":[-1,4]}],
                 "outputs":[{"name":"y","datatype":"FP32","shape":[-1,3]}],
                 "variants":[{"name":"%s","application":"%s","stage":0,"artifactDigest":"%s",
                   "inputs":[{"name":"x","datatype":"FP32","shape":[-1,4]}],
                   "outputs":[{"name":"y","datatype":"FP32","shape":[-1,3]}],
                   "profiles":[%s]}],
                 "createdAt":"2026-11-22T00:00:00Z","version":0}""".formatted(name, policy, sloMs, variant, name, digest,
                profile);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
