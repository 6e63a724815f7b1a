package io.baton.gateway;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.util.unit.DataSize;

import io.baton.gateway.admission.AdmissionProperties;
import io.baton.gateway.scheduler.ResilienceProperties;
import io.baton.gateway.security.ApiKeyProperties;
import io.baton.gateway.security.CorsProperties;
import io.baton.gateway.serving.InferenceProperties;

/**
 * Reports the effective {@code baton.gateway.*} settings (API keys masked) under {@code baton} in
 * {@code /actuator/info}: the settings records' components in one object, in the order it has always had (edge and
 * request limits have never been part of it).
 */
final class GatewaySettingsInfo implements InfoContributor {

    private final Settings settings;

    GatewaySettingsInfo(UpstreamProperties upstreams, ApiKeyProperties keys, InferenceProperties inference,
                        ResilienceProperties resilience, CorsProperties cors, AdmissionProperties admission) {
        this.settings = new Settings(upstreams.registryUrl(), upstreams.schedulerUrl(), upstreams.appCacheTtl(),
                keys.maskedApiKeys(), upstreams.registryTimeout(), upstreams.healthTimeout(),
                inference.priorityDefaultLevel(), resilience, keys.inferenceAuth(), keys.apiKeyCacheTtl(),
                keys.apiKeyCacheSize(), upstreams.maxUploadSize(), inference.maxInferRequestSize(), cors,
                upstreams.profilerUrl(), upstreams.adminTimeout(), admission);
    }

    @Override
    public void contribute(Info.Builder builder) {
        builder.withDetail("baton", settings);
    }

    /** What {@code /actuator/info} shows, serialized in this order. */
    record Settings(URI registryUrl, List<URI> schedulerUrl, Duration appCacheTtl, List<String> apiKeys,
                    Duration registryTimeout, Duration healthTimeout, int priorityDefaultLevel,
                    ResilienceProperties resilience, ApiKeyProperties.InferenceAuth inferenceAuth,
                    Duration apiKeyCacheTtl, int apiKeyCacheSize, DataSize maxUploadSize,
                    DataSize maxInferRequestSize, CorsProperties cors, URI profilerUrl, Duration adminTimeout,
                    AdmissionProperties admission) {
    }
}
