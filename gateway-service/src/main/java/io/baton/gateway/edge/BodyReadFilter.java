package io.baton.gateway.edge;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import java.util.function.LongSupplier;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Every request body is read within bounds ({@code baton.gateway.edge.body.*}), so that a client sending slowly
 * holds a thread for a bounded time and cannot hold them all:
 *
 * <ul>
 *   <li>at most {@code max-concurrent-reads} bodies are read at once (past it 503 with {@code Retry-After}), at most
 *       {@code max-concurrent-reads-per-client} from one address (past it 429), both refused at once, unread;</li>
 *   <li>each body must arrive before {@code max-read-time} (an inference body also before its application's SLO:
 *       {@link PacedBody#deadlineAtMost}) and, after {@code rate-grace}, at {@code min-rate} on average
 *       ({@link PacedBody}); a read waiting longer than {@code stall-timeout} for the next bytes is cut by Tomcat.
 *       A body too slow is answered 408 and its connection closed.</li>
 * </ul>
 *
 * A slot is given back as soon as the body has been read to its end, before the request is served. What a route
 * leaves unread (an unknown model, a refused key) is read here under the same rules before the slot is given back,
 * never by Tomcat at the client's pace after it. A client that goes away mid-body is one WARN line here; whoever
 * read the body leaves the answer to this filter.
 */
public final class BodyReadFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(BodyReadFilter.class);
    /** Most of a body a route left unread that is read (and dropped) to keep the connection: Tomcat's own default. */
    private static final long MAX_DRAIN_BYTES = 2 * 1024 * 1024;

    private final EdgeProperties.Body settings;
    private final Semaphore reads;
    private final PerClientCounts readsPerClient;
    private final EdgeRefusal refusal;
    private final LongSupplier clock;

    BodyReadFilter(EdgeProperties.Body settings, EdgeRefusal refusal, LongSupplier clock) {
        this.settings = settings;
        this.reads = new Semaphore(settings.maxConcurrentReads());
        this.readsPerClient = new PerClientCounts(settings.maxConcurrentReadsPerClient());
        this.refusal = refusal;
        this.clock = clock;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return request.getContentLengthLong() <= 0 && request.getHeader("Transfer-Encoding") == null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long start = clock.getAsLong();
        String client = request.getRemoteAddr();
        if (!readsPerClient.tryAcquire(client)) {
            refusal.send(request, response, 429, "too-many-requests", "Too Many Requests", "too many request bodies "
                    + "being received from " + client + " at once (" + readsPerClient.max()
                    + ", baton.gateway.edge.body.max-concurrent-reads-per-client); retry shortly", true);
            return;
        }
        if (!reads.tryAcquire()) {
            readsPerClient.release(client);
            refusal.send(request, response, 503, "overloaded", "Service Unavailable", "request refused: the gateway "
                    + "is receiving " + settings.maxConcurrentReads() + " request bodies at once, its limit "
                    + "(baton.gateway.edge.body.max-concurrent-reads); retry shortly", true);
            return;
        }
        PacedBody body = new PacedBody(request.getInputStream(), request.getContentLengthLong(), start, settings,
                clock, () -> {
                    reads.release();
                    readsPerClient.release(client);
                });
        request.setAttribute(PacedBody.ATTRIBUTE, body);
        try {
            chain.doFilter(new Paced(request, body), new Answer(request, response, body));
        } catch (IOException | ServletException | RuntimeException e) {
            if (body.refusal() == null || BodyRefused.of(e) == null && !clientGone(e)) {
                throw e;
            }
            // the body's refusal, surfacing through whoever read it: answered below, logged once
        } finally {
            if (!body.ended()) {
                // a route that answered without reading all of the body (and without an error status, see Answer)
                if (response.isCommitted() || !body.drain(MAX_DRAIN_BYTES)) {
                    close(request, response);
                }
            }
            body.release();
        }
        BodyRefused refused = body.refusal();
        if (refused != null) {
            request.setAttribute(EdgeRefusal.CLOSE, Boolean.TRUE);
            log.warn("{} {} from {}: {}", request.getMethod(), request.getRequestURI(), client, refused.getMessage());
            if (refused.tooSlow() && response.getStatus() != 408) {
                refusal.tooSlow(request, response, refused); // nobody answered it yet
            } else if (!response.isCommitted()) {
                response.setHeader("Connection", "close");
            }
        }
    }

    /** The connection is closed after the answer: the rest of the body is not read, by Tomcat either. */
    private static void close(HttpServletRequest request, HttpServletResponse response) {
        request.setAttribute(EdgeRefusal.CLOSE, Boolean.TRUE);
        if (!response.isCommitted()) {
            response.setHeader("Connection", "close");
        }
    }

    /**
     * The answer of a route, watched for an error status set while part of the body is unread (an unknown model, a
     * refused key, a body too large): the rest is read then, before the answer, under the body's rules, as long as
     * it is at most Tomcat's swallow size; otherwise, or when it is too slow, the connection is closed after the
     * answer, so that Tomcat never reads it at the client's pace (a 413 too: Tomcat would read up to 2 MB more of it
     * after the answer, as slowly as the client sends).
     */
    private static final class Answer extends HttpServletResponseWrapper {

        private final HttpServletRequest request;
        private final PacedBody body;

        Answer(HttpServletRequest request, HttpServletResponse response, PacedBody body) {
            super(response);
            this.request = request;
            this.body = body;
        }

        @Override
        public void setStatus(int sc) {
            beforeError(sc);
            super.setStatus(sc);
        }

        @Override
        public void sendError(int sc) throws IOException {
            beforeError(sc);
            super.sendError(sc);
        }

        @Override
        public void sendError(int sc, String msg) throws IOException {
            beforeError(sc);
            super.sendError(sc, msg);
        }

        private void beforeError(int sc) {
            if (sc < 400 || body.ended() || isCommitted()) {
                return;
            }
            if (!body.drain(MAX_DRAIN_BYTES)) {
                close(request, (HttpServletResponse) getResponse());
            }
        }
    }

    /** Writing to a client that has gone: Tomcat's ClientAbortException, or the broken pipe under it. */
    private static boolean clientGone(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c.getClass().getSimpleName().equals("ClientAbortException")) {
                return true;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return false;
    }

    /** The request with its body paced. */
    private static final class Paced extends HttpServletRequestWrapper {

        private final PacedBody body;

        Paced(HttpServletRequest request, PacedBody body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            return body;
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.ISO_8859_1 : Charset.forName(encoding);
            return new BufferedReader(new InputStreamReader(body, charset));
        }
    }
}
