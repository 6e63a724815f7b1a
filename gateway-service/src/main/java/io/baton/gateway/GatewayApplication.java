package io.baton.gateway;

import io.baton.core.util.HttpClientThreads;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/** The public edge: Open Inference Protocol v2 REST, validation, API keys, ensemble aggregation, pipeline stages. */
@SpringBootApplication
@EnableConfigurationProperties(GatewayProperties.class)
public class GatewayApplication {

    public static void main(String[] args) {
        HttpClientThreads.atLeastTwoPoolThreads(); // first: before anything starts the common pool
        // Pooled connections to the other services: close an idle one (60 s) before the server would (120 s), so
        // that no request is ever sent on a connection the server is closing.
        System.setProperty("jdk.httpclient.keepalive.timeout", System.getProperty("jdk.httpclient.keepalive.timeout", "60"));
        SpringApplication.run(GatewayApplication.class, args);
    }

    /** Reports the effective {@code baton.gateway.*} settings (API keys masked) under {@code baton} in {@code /actuator/info}. */
    @Bean
    InfoContributor batonSettingsInfo(GatewayProperties properties) {
        return builder -> builder.withDetail("baton", properties.redacted());
    }
}
