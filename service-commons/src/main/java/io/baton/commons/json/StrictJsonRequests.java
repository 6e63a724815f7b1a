package io.baton.commons.json;

import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Request bodies are read strictly ({@link StrictJson}): a value of the wrong JSON kind is refused, not coerced. A
 * service {@code @Import}s it; the refusals are described by {@link io.baton.commons.problem.RequestProblemAdvice}.
 */
@Configuration(proxyBeanMethods = false)
public class StrictJsonRequests {

    @Bean
    Jackson2ObjectMapperBuilderCustomizer strictJson() {
        return builder -> builder.postConfigurer(StrictJson::configure);
    }
}
