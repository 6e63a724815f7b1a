package io.baton.profiler.measure;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** Binds {@code baton.profiler.limits.*} (see {@link ProfilingLimits}). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ProfilingLimits.class)
class ProfilingLimitsConfiguration {
}
