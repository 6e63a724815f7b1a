package io.baton.gateway.trace;

import java.net.http.HttpClient;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.trace.SpanExport;
import io.baton.commons.trace.TracingProperties;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.scheduler.SchedulerLeader;

/** The gateway's request traces, from {@code baton.tracing.*}, and the reader of the schedulers' parts. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({TracingProperties.class, TraceExportProperties.class})
class TraceConfiguration {

    /** With an OTLP span exporter (Spring Boot makes one when an endpoint is set), timelines are exported too. */
    @Bean
    RequestTraces requestTraces(TracingProperties properties, TraceExportProperties export,
                                ObjectProvider<SpanExporter> exporters,
                                @Value("${spring.application.name:gateway-service}") String service) {
        SpanExporter exporter = exporters.orderedStream().findFirst().orElse(null);
        return new RequestTraces(properties, exporter == null ? null : new SpanExport(exporter, service),
                new TraceSettings(export));
    }

    @Bean
    SchedulerTraces schedulerTraces(HttpClient upstreamHttpClient, ObjectMapper json, SchedulerLeader schedulerLeader,
                                    UpstreamProperties upstreams) {
        return new SchedulerTraces(upstreamHttpClient, json, schedulerLeader, upstreams.healthTimeout());
    }
}
