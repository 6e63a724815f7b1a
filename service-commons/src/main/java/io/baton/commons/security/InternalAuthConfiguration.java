package io.baton.commons.security;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

import io.baton.core.security.InternalCredentials;

/**
 * The suite's shared secret (see {@link io.baton.core.security.InternalCredentials}): demanded of every caller, on
 * every route, before anything else runs; sent by this service's own clients.
 */
@Configuration(proxyBeanMethods = false)
public class InternalAuthConfiguration {

    @Bean
    InternalCredentials internalCredentials(Environment environment) {
        return InternalCredentials.load(environment::getProperty);
    }

    @Bean
    FilterRegistrationBean<InternalAuthFilter> internalAuthFilter(InternalCredentials credentials) {
        FilterRegistrationBean<InternalAuthFilter> registration = new FilterRegistrationBean<>(new InternalAuthFilter(credentials));
        registration.addUrlPatterns("/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setEnabled(credentials.enforced());
        return registration;
    }
}
