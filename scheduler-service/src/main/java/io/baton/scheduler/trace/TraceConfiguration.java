package io.baton.scheduler.trace;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.baton.commons.trace.SpanExport;
import io.baton.commons.trace.TracingProperties;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/** The scheduler's store of request timelines, from {@code baton.tracing.*}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TracingProperties.class)
class TraceConfiguration {

    /** With an OTLP span exporter (Spring Boot makes one when an endpoint is set), timelines are exported too. */
    @Bean
    RequestTimelines requestTimelines(TracingProperties properties, ObjectProvider<SpanExporter> exporters,
                                      @Value("${spring.application.name:scheduler-service}") String service) {
        SpanExporter exporter = exporters.orderedStream().findFirst().orElse(null);
        return new RequestTimelines(properties, exporter == null ? null : new SpanExport(exporter, service));
    }
}
