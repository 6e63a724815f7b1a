package io.baton.gateway.serving;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** Binds {@code baton.gateway.request-limits.*} (see {@link RequestLimitsProperties}). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RequestLimitsProperties.class)
class RequestLimitsConfiguration {
}
