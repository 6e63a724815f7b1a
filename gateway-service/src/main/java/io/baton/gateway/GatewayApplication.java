package io.baton.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import io.baton.commons.http.HttpClients;

/** The public edge: Open Inference Protocol v2 REST, validation, API keys, ensemble aggregation, pipeline stages. */
@SpringBootApplication
@EnableConfigurationProperties(GatewayProperties.class)
public class GatewayApplication {

    public static void main(String[] args) {
        HttpClients.prepareProcess(); // first: before anything starts the common pool or an HTTP client
        SpringApplication.run(GatewayApplication.class, args);
    }

    /** Reports the effective {@code baton.gateway.*} settings (API keys masked) under {@code baton} in {@code /actuator/info}. */
    @Bean
    InfoContributor batonSettingsInfo(GatewayProperties properties) {
        return builder -> builder.withDetail("baton", properties.redacted());
    }
}
