package io.baton.gateway.edge;

import org.apache.catalina.connector.Connector;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The gateway's defences against its own clients, ahead of every route: the management port, Tomcat's upload
 * timeout, and the filters (in this order, all before CORS and API keys): each port to its routes, paths as written,
 * requests in flight per client, request bodies within bounds.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(EdgeProperties.class)
public class EdgeConfiguration {

    /** Before the CORS (0) and API-key (10) filters of {@link io.baton.gateway.GatewayConfiguration}. */
    private static final int ORDER = -40;

    @Bean
    EdgeRefusal edgeRefusal(ObjectMapper json) {
        return new EdgeRefusal(json);
    }

    @Bean
    ManagementConnector managementConnector(EdgeProperties properties) {
        return new ManagementConnector(properties.managementPort(), properties.managementThreads());
    }

    /**
     * The management connector; Tomcat's upload timeout on the public one (while a body is read, a read waiting
     * longer than {@code stall-timeout} fails instead of waiting the connection timeout); the valve that closes a
     * connection whose body a refusal left unread.
     */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> edgeTomcat(EdgeProperties properties,
                                                                         ManagementConnector management) {
        return factory -> {
            factory.addAdditionalTomcatConnectors(management.connector());
            factory.addConnectorCustomizers(connector -> uploadTimeout(connector, properties));
            // TRACE reaches the filters, which refuse it with a reason (TraceRefusalFilter); Tomcat's refusal has none
            factory.addConnectorCustomizers(connector -> connector.setAllowTrace(true));
            factory.addContextValves(new UnreadBodyValve());
        };
    }

    private static void uploadTimeout(Connector connector, EdgeProperties properties) {
        if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http) {
            http.setDisableUploadTimeout(false);
            http.setConnectionUploadTimeout((int) properties.body().stallTimeout().toMillis());
        }
    }

    @Bean
    FilterRegistrationBean<PortRoleFilter> portRoleFilter(ManagementConnector management, EdgeRefusal refusal) {
        return registration(new PortRoleFilter(management, refusal), ORDER);
    }

    @Bean
    FilterRegistrationBean<TraceRefusalFilter> traceRefusalFilter(EdgeRefusal refusal) {
        return registration(new TraceRefusalFilter(refusal), ORDER - 1);
    }

    @Bean
    FilterRegistrationBean<PathGuardFilter> pathGuardFilter(EdgeRefusal refusal) {
        return registration(new PathGuardFilter(refusal), ORDER + 1);
    }

    @Bean
    FilterRegistrationBean<ClientLimitFilter> clientLimitFilter(EdgeProperties properties, EdgeRefusal refusal) {
        return registration(new ClientLimitFilter(properties.maxRequestsPerClient(), refusal), ORDER + 2);
    }

    @Bean
    FilterRegistrationBean<BodyReadFilter> bodyReadFilter(EdgeProperties properties, EdgeRefusal refusal) {
        return registration(new BodyReadFilter(properties.body(), refusal, System::nanoTime), ORDER + 3);
    }

    private static <F extends jakarta.servlet.Filter> FilterRegistrationBean<F> registration(F filter, int order) {
        FilterRegistrationBean<F> registration = new FilterRegistrationBean<>(filter);
        registration.addUrlPatterns("/*");
        registration.setOrder(order);
        return registration;
    }
}
