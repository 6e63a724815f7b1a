package io.baton.gateway.admin;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * What the admin pass-through controllers share: one upstream service and the {@link Passthrough} that reaches it.
 * Each subclass only declares its routes (their OpenAPI description included) and the path they map to upstream.
 */
abstract class UpstreamRoutes {

    private final Passthrough passthrough;
    private final Passthrough.Upstream upstream;

    UpstreamRoutes(Passthrough passthrough, Passthrough.Upstream upstream) {
        this.passthrough = passthrough;
        this.upstream = upstream;
    }

    /** Forwards the request to {@code path} on the upstream (the query string follows as it came). */
    void forward(HttpServletRequest request, HttpServletResponse response, String path) throws IOException {
        passthrough.forward(request, response, upstream, path);
    }

    /** Forwards the request to the same path on the upstream. */
    void forward(HttpServletRequest request, HttpServletResponse response) throws IOException {
        forward(request, response, request.getRequestURI());
    }
}
