package io.baton.gateway;

import io.baton.core.util.HttpClientThreads;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

import io.baton.gateway.admission.AdmissionProperties;
import io.baton.gateway.scheduler.ResilienceProperties;
import io.baton.gateway.security.ApiKeyProperties;
import io.baton.gateway.security.CorsProperties;
import io.baton.gateway.serving.InferenceProperties;

/** The public edge: Open Inference Protocol v2 REST, validation, API keys, ensemble aggregation, pipeline stages. */
@SpringBootApplication
@EnableConfigurationProperties({UpstreamProperties.class, ApiKeyProperties.class, CorsProperties.class,
        InferenceProperties.class, ResilienceProperties.class, AdmissionProperties.class})
public class GatewayApplication {

    public static void main(String[] args) {
        HttpClientThreads.atLeastTwoPoolThreads(); // first: before anything starts the common pool
        // Pooled connections to the other services: close an idle one (60 s) before the server would (120 s), so
        // that no request is ever sent on a connection the server is closing.
        System.setProperty("jdk.httpclient.keepalive.timeout", System.getProperty("jdk.httpclient.keepalive.timeout", "60"));
        SpringApplication.run(GatewayApplication.class, args);
    }

    @Bean
    InfoContributor batonSettingsInfo(UpstreamProperties upstreams, ApiKeyProperties keys, InferenceProperties inference,
                                      ResilienceProperties resilience, CorsProperties cors,
                                      AdmissionProperties admission) {
        return new GatewaySettingsInfo(upstreams, keys, inference, resilience, cors, admission);
    }
}
