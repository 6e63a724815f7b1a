package io.baton.scheduler.intake;

import io.baton.core.util.InFlightBytes;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/** The budget of request bodies in flight and the filter that enforces it (see {@link RequestBodyBudgetFilter}). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RequestBodyProperties.class)
class IntakeConfiguration {

    @Bean
    InFlightBytes requestBodiesInFlight(RequestBodyProperties props, MeterRegistry meters) {
        InFlightBytes budget = new InFlightBytes(props.maxInFlight().toBytes());
        Gauge.builder("baton.scheduler.request.bodies.in.flight", budget, InFlightBytes::held).baseUnit("bytes")
                .description("bytes of inference request bodies held until answered").register(meters);
        return budget;
    }

    @Bean
    FilterRegistrationBean<RequestBodyBudgetFilter> requestBodyBudgetFilter(InFlightBytes budget, ObjectMapper json) {
        FilterRegistrationBean<RequestBodyBudgetFilter> registration =
                new FilterRegistrationBean<>(new RequestBodyBudgetFilter(budget, json));
        registration.addUrlPatterns("/internal/v1/infer", "/internal/v1/ensemble-queries");
        return registration;
    }
}
