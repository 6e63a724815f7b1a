package io.baton.scheduler.trace;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.baton.commons.trace.TracingProperties;

/** The scheduler's store of request timelines, from {@code baton.tracing.*}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TracingProperties.class)
class TraceConfiguration {

    @Bean
    RequestTimelines requestTimelines(TracingProperties properties) {
        return new RequestTimelines(properties);
    }
}
