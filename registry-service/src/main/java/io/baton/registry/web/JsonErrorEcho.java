package io.baton.registry.web;

import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.fasterxml.jackson.core.ErrorReportConfiguration;

/**
 * Jackson quotes the offending token in a parse error ("Unrecognized token 'xyz'"), and that message becomes a
 * problem's {@code detail}, which Spring's request logging writes out in full at TRACE. A body that misquotes an API
 * key would put the key there; cut quoted tokens to 8 characters (fewer than a key's public prefix) so it cannot.
 */
@Configuration(proxyBeanMethods = false)
public class JsonErrorEcho {

    static final int MAX_ERROR_TOKEN = 8;

    @Bean
    Jackson2ObjectMapperBuilderCustomizer shortErrorTokens() {
        ErrorReportConfiguration errors = ErrorReportConfiguration.builder()
                .maxErrorTokenLength(MAX_ERROR_TOKEN)
                .build();
        return builder -> builder.postConfigurer(mapper -> mapper.getFactory().setErrorReportConfiguration(errors));
    }
}
