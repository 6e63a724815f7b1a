package io.baton.registry.web;

import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.baton.core.json.StrictJson;

/** Request bodies are read strictly ({@link StrictJson}): a value of the wrong JSON kind is refused, not coerced. */
@Configuration(proxyBeanMethods = false)
public class StrictJsonTypes {

    @Bean
    Jackson2ObjectMapperBuilderCustomizer strictJson() {
        return builder -> builder.postConfigurer(StrictJson::configure);
    }
}
