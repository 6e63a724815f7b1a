package io.baton.gateway.support;

import com.sun.net.httpserver.HttpExchange;

/**
 * A stand-in for profiler-service's job list, by its README: {@code GET /v1/profiling-jobs} answers the jobs set
 * here ({@code [{"id", "state", "application", "variants": [...]}, ...]}, states lower case).
 */
public final class StubProfiler extends StubHttp {

    private volatile String jobs = "[]";

    /** What {@code GET /v1/profiling-jobs} answers. */
    public StubProfiler jobs(String json) {
        this.jobs = json;
        return this;
    }

    @Override
    protected void handle(HttpExchange exchange) throws Exception {
        if (exchange.getRequestMethod().equals("GET") && exchange.getRequestURI().getPath().equals("/v1/profiling-jobs")) {
            json(exchange, 200, jobs);
            return;
        }
        problem(exchange, 404, "not-found", "no route " + exchange.getRequestURI().getPath(), null);
    }
}
