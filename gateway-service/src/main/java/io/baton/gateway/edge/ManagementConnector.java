package io.baton.gateway.edge;

import org.apache.catalina.connector.Connector;
import org.apache.coyote.http11.AbstractHttp11Protocol;

/**
 * The second Tomcat connector, on {@code baton.gateway.edge.management-port}, with threads of its own: actuator
 * ({@code health}, {@code info}, {@code prometheus}) is served there, for probes and scrapers inside the deployment,
 * and never waits behind the public port's requests. {@link PortRoleFilter} keeps each port to its own routes.
 */
public final class ManagementConnector {

    private final Connector connector;

    ManagementConnector(int port, int threads) {
        connector = new Connector("org.apache.coyote.http11.Http11NioProtocol");
        connector.setPort(port);
        if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http) {
            http.setMaxThreads(threads);
            http.setMinSpareThreads(1);
        }
    }

    Connector connector() {
        return connector;
    }

    /** The port it listens on (the one the system chose when configured as 0); -1 before it has started. */
    public int port() {
        return connector.getLocalPort();
    }
}
