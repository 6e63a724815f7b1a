package io.baton.gateway.trace;

import java.net.http.HttpClient;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.trace.TracingProperties;
import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.scheduler.SchedulerLeader;

/** The gateway's request traces, from {@code baton.tracing.*}, and the reader of the schedulers' parts. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TracingProperties.class)
class TraceConfiguration {

    @Bean
    RequestTraces requestTraces(TracingProperties properties) {
        return new RequestTraces(properties);
    }

    @Bean
    SchedulerTraces schedulerTraces(HttpClient upstreamHttpClient, ObjectMapper json, SchedulerLeader schedulerLeader,
                                    UpstreamProperties upstreams) {
        return new SchedulerTraces(upstreamHttpClient, json, schedulerLeader, upstreams.healthTimeout());
    }
}
