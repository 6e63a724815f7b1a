package io.baton.gateway;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.catalina.Container;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;
import io.baton.commons.problem.ProblemTypes;

/**
 * Tomcat's own error answers (a request it refuses before any route sees it: an encoded NUL, a stray {@code %} or an
 * encoded {@code /} in the path, a path or header too long, too many parameters, a malformed {@code Content-Length})
 * as the OIP error body {@code {"error": "..."}} in {@code application/json} (an RFC 7807 problem on {@code /v1}),
 * instead of Tomcat's HTML page. The
 * message says what kind of request was refused, never Tomcat's internals.
 */
public class JsonErrorReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0) {
            return;
        }
        String message = message(status);
        if (status == 501 || status == 505) {
            // what Tomcat calls not implemented is the client's fault here: a 4xx naming it, never a 5xx
            Refusal refusal = refusal(request, status);
            status = refusal.status();
            message = refusal.message();
            response.setStatus(status);
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(false);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        // /v1 speaks RFC 7807 problems, everything else the OIP error body (the routes' own convention, RouteErrors);
        // a request line too long to parse has no path, and gets the OIP body
        String uri = request.getRequestURI();
        if (uri == null || uri.isEmpty()) {
            uri = String.valueOf(request.getCoyoteRequest().requestURI()); // refused before it was mapped
        }
        boolean problem = uri != null && (uri.equals("/v1") || uri.startsWith("/v1/"));
        try {
            response.setContentType(problem ? "application/problem+json" : "application/json");
            response.setCharacterEncoding("utf-8");
        } catch (Throwable t) {
            return;
        }
        try {
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(problem
                        ? "{\"type\":\"" + ProblemTypes.type(status == 400 ? "bad-request" : "refused") + "\",\"title\":\""
                                + (status == 400 ? "Bad Request" : "Refused") + "\",\"status\":" + status
                                + ",\"detail\":\"" + message + "\"}"
                        : "{\"error\":\"" + message + "\"}");
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response is committed: nothing more to say
        }
    }

    /** A status and its message (plain ASCII, no quotes to escape). */
    record Refusal(int status, String message) {
    }

    /**
     * Tomcat's 501 (a method it does not serve, such as CONNECT, or a {@code Transfer-Encoding} it does not
     * implement) and 505 (an HTTP version other than 1.x) as 4xx naming what to send instead.
     */
    static Refusal refusal(Request request, int status) {
        if (status == 505) {
            return new Refusal(400, "the request's HTTP version " + quoted(request.getProtocol()) + " is not "
                    + "supported on this port: send HTTP/1.1 (the Open Inference Protocol over gRPC has its own port)");
        }
        String encoding = request.getHeader("Transfer-Encoding");
        if (encoding != null) {
            return new Refusal(400, "Transfer-Encoding " + quoted(encoding) + " is not supported: send the body as "
                    + "it is, with Content-Length or Transfer-Encoding chunked");
        }
        return new Refusal(405, "the method " + quoted(request.getMethod()) + " is not allowed here");
    }

    /** A client's text in a message: at most 64 characters, anything but letters, digits and {@code /.,;=_-} as '?'. */
    static String quoted(String text) {
        if (text == null) {
            return "(none)";
        }
        String cut = text.length() > 64 ? text.substring(0, 64) + "..." : text;
        return "'" + cut.replaceAll("[^A-Za-z0-9/.,;=_ -]", "?") + "'";
    }

    /** What the status means for a request refused before any route (plain ASCII, no quotes to escape). */
    static String message(int status) {
        return switch (status) {
            case 400 -> "bad request: the request line, a header, the path or its query is malformed (for example an "
                    + "encoded NUL, a % not followed by two hex digits, an encoded / or .. in the path, too many "
                    + "query parameters, or an invalid Content-Length)";
            case 404 -> "no such route";
            case 408 -> "the request was not received in time";
            case 413 -> "the request is too large";
            case 414 -> "the request path or query is too long";
            case 431 -> "the request headers are too large";
            case 501 -> "the request uses a method or transfer encoding the gateway does not implement";
            case 505 -> "HTTP version not supported";
            default -> status < 500 ? "the request was refused (HTTP " + status + ")"
                    : "the gateway could not answer the request (HTTP " + status + ")";
        };
    }

    /** Installs the valve on the embedded Tomcat's host, in place of its HTML {@link ErrorReportValve}. */
    @Component
    public static class Installer implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {
        @Override
        public void customize(TomcatServletWebServerFactory factory) {
            factory.addContextCustomizers(context -> {
                Container parent = context.getParent();
                if (parent instanceof StandardHost host) {
                    host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
                }
            });
        }
    }
}
