package io.baton.scheduler.intake;

import io.baton.core.util.InFlightBytes;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

import com.fasterxml.jackson.databind.ObjectMapper;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import io.baton.commons.problem.ProblemTypes;

/**
 * Admits an inference request only when its body fits in the scheduler's budget of bytes in flight
 * ({@link RequestBodyProperties#maxInFlight()}), before the body is read: two 80 MB bodies at once made the scheduler's
 * 512 MB heap run out (their base64 text, Jackson's buffer for it and the batch body for the worker), failing every
 * request it held. A refusal is a 503 problem that names the budget and what is held, so the gateway (and its client)
 * can retry; a body larger than the whole budget is a 413 that no retry can fix. The bytes are given back when the
 * request is answered, which for an inference is when its batch comes back (the servlet's async completion).
 */
public final class RequestBodyBudgetFilter extends OncePerRequestFilter {

    static final Set<String> ROUTES = Set.of("/internal/v1/infer", "/internal/v1/ensemble-queries");

    private final InFlightBytes budget;
    private final ObjectMapper json;

    public RequestBodyBudgetFilter(InFlightBytes budget, ObjectMapper json) {
        this.budget = budget;
        this.json = json;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !"POST".equals(request.getMethod()) || !ROUTES.contains(request.getRequestURI());
    }

    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return true; // reserved once, on the request's first dispatch
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long length = request.getContentLengthLong();
        // A body of unknown length (chunked) may be as large as anything the budget allows: it counts as all of it.
        long bytes = length >= 0 ? length : budget.budget();
        if (bytes > budget.budget()) {
            refuse(response, HttpStatus.PAYLOAD_TOO_LARGE, "request-too-large", "the request body of " + mb(bytes)
                    + " is larger than the scheduler's whole budget for request bodies in flight ("
                    + "baton.scheduler.request-bodies.max-in-flight = " + mb(budget.budget()) + ")");
            return;
        }
        if (!budget.tryReserve(bytes)) {
            refuse(response, HttpStatus.SERVICE_UNAVAILABLE, "bodies-in-flight", overBudget(budget, bytes));
            return;
        }
        AtomicBoolean released = new AtomicBoolean();
        Runnable release = () -> {
            if (released.compareAndSet(false, true)) {
                budget.release(bytes);
            }
        };
        try {
            chain.doFilter(request, response);
        } finally {
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(new ReleaseOnEnd(release));
            } else {
                release.run();
            }
        }
    }

    private void refuse(HttpServletResponse response, HttpStatus status, String slug, String detail) throws IOException {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", ProblemTypes.type(slug));
        problem.put("title", status.getReasonPhrase());
        problem.put("status", status.value());
        problem.put("detail", detail);
        response.setStatus(status.value());
        if (status == HttpStatus.SERVICE_UNAVAILABLE) {
            response.setHeader("Retry-After", "1");
        }
        response.setHeader("Connection", "close"); // the unread body is not drained
        response.setContentType("application/problem+json");
        json.writeValue(response.getOutputStream(), problem);
    }

    /** Why a request of {@code bytes} is refused while the budget holds what it holds: over HTTP and gRPC alike. */
    public static String overBudget(InFlightBytes budget, long bytes) {
        return "the scheduler holds " + mb(budget.held()) + " of request bodies in flight and this one (" + mb(bytes)
                + ") would pass its budget (baton.scheduler.request-bodies.max-in-flight = " + mb(budget.budget())
                + "); retry shortly";
    }

    private static String mb(long bytes) {
        return String.format("%.1f MB", bytes / 1048576.0);
    }

    private record ReleaseOnEnd(Runnable release) implements AsyncListener {
        @Override
        public void onComplete(AsyncEvent event) {
            release.run();
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            release.run();
        }

        @Override
        public void onError(AsyncEvent event) {
            release.run();
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            event.getAsyncContext().addListener(this);
        }
    }
}
