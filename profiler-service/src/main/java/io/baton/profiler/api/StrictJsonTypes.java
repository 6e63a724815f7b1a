package io.baton.profiler.api;

import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;

/**
 * Text fields take JSON strings only: Jackson would read {@code "application": 123} or {@code "application": true} as the string
 * "123" or "true", hiding a client's mistake. Refused instead as "application must be a string, got a whole
 * number" ({@link JsonProblems}).
 */
@Configuration(proxyBeanMethods = false)
public class StrictJsonTypes {

    @Bean
    Jackson2ObjectMapperBuilderCustomizer textFromStringsOnly() {
        return builder -> builder.postConfigurer(mapper -> mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
    }
}
