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
                                + ",\"detail\":\"" + message(status) + "\"}"
                        : "{\"error\":\"" + message(status) + "\"}");
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response is committed: nothing more to say
        }
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
