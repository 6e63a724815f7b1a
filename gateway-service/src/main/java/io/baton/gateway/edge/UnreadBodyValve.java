package io.baton.gateway.edge;

import java.io.IOException;

import jakarta.servlet.ServletException;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * After a refusal that leaves the body unread, Tomcat would read the rest of it (up to its swallow size) to keep the
 * connection alive, at whatever pace the client sends it: a slow sender refused would still hold its thread. Here
 * such a connection is closed after the answer instead, when the edge said so ({@link EdgeRefusal#CLOSE}: it refused
 * the request, the body came too slowly or the client went, or more was left unread than is worth reading).
 */
final class UnreadBodyValve extends ValveBase {

    UnreadBodyValve() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        try {
            getNext().invoke(request, response);
        } finally {
            if (Boolean.TRUE.equals(request.getAttribute(EdgeRefusal.CLOSE))) {
                request.getCoyoteRequest().action(ActionCode.DISABLE_SWALLOW_INPUT, null);
            }
        }
    }
}
