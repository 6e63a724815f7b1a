package io.baton.gateway;

import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import io.baton.commons.boot.BatonService;

import io.baton.gateway.admission.AdmissionProperties;
import io.baton.gateway.scheduler.ResilienceProperties;
import io.baton.gateway.security.ApiKeyProperties;
import io.baton.gateway.security.CorsProperties;
import io.baton.gateway.serving.InferenceProperties;
import io.baton.gateway.warmup.WarmupProperties;

/** The public edge: Open Inference Protocol v2 REST, validation, API keys, ensemble aggregation, pipeline stages. */
@SpringBootApplication
@EnableConfigurationProperties({UpstreamProperties.class, ApiKeyProperties.class, CorsProperties.class,
        InferenceProperties.class, ResilienceProperties.class, AdmissionProperties.class,
        WarmupProperties.class})
public class GatewayApplication {

    public static void main(String[] args) {
        BatonService.run(GatewayApplication.class, args);
    }

    @Bean
    InfoContributor batonSettingsInfo(UpstreamProperties upstreams, ApiKeyProperties keys, InferenceProperties inference,
                                      ResilienceProperties resilience, CorsProperties cors,
                                      AdmissionProperties admission) {
        return new GatewaySettingsInfo(upstreams, keys, inference, resilience, cors, admission);
    }
}
