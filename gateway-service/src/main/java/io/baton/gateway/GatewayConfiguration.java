package io.baton.gateway;

import java.net.http.HttpClient;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.filter.CorsFilter;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.security.InternalCredentials;
import io.baton.core.util.CoarseTimer;
import io.baton.gateway.admin.ApiKeyFilter;
import io.baton.gateway.admin.Passthrough;
import io.baton.gateway.admission.AdmissionControl;
import io.baton.gateway.admission.AdmissionProperties;
import io.baton.gateway.oip.OipRequestReader;
import io.baton.gateway.oip.OipResponseWriter;
import io.baton.gateway.oip.UpstreamHealth;
import io.baton.gateway.registry.ApplicationCache;
import io.baton.gateway.registry.RegistryClient;
import io.baton.gateway.scheduler.ResilienceProperties;
import io.baton.gateway.scheduler.SchedulerClient;
import io.baton.gateway.scheduler.SchedulerGuard;
import io.baton.gateway.security.ApiKeyProperties;
import io.baton.gateway.security.ApiKeyVerifier;
import io.baton.gateway.security.CorsProperties;
import io.baton.gateway.security.CrossOrigin;
import io.baton.gateway.security.RegistryKeyClient;
import io.baton.gateway.serving.DifficultyEnrichment;
import io.baton.gateway.serving.SneakPeekEvidence;
import io.baton.gateway.serving.InferenceProperties;
import io.baton.gateway.serving.InferenceService;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import io.baton.commons.http.HttpClients;

/**
 * The gateway's wiring: one pooled HTTP client for the registry and the scheduler, the guard, and the filters in
 * front of every route: CORS (only when origins are configured), then API keys.
 */
@Configuration(proxyBeanMethods = false)
public class GatewayConfiguration {

    private static final Logger log = LoggerFactory.getLogger(GatewayConfiguration.class);
    /** After Spring Boot's own filters (encoding, observation, request context), before the dispatcher. */
    private static final int FILTER_ORDER = 0;

    /** HTTP/1.1 with keep-alive: connections to the scheduler are reused, never opened per request. */
    /** Base64 tensors of any size the gateway admitted ({@link io.baton.commons.tensor.TensorWire}). */
    @Bean
    org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer largeTensors() {
        return builder -> builder.postConfigurer(io.baton.commons.tensor.TensorWire::allowLargeTensors);
    }

    /**
     * The suite's shared secret: the registry, scheduler and profiler serve only callers that present it. The
     * gateway demands nothing of its own callers with it (they are clients, with API keys).
     */
    @Bean
    InternalCredentials internalCredentials(Environment environment) {
        return InternalCredentials.load(environment::getProperty);
    }

    /** Calls only the suite's own services (registry, scheduler, profiler), so every request carries the secret. */
    @Bean
    HttpClient upstreamHttpClient(ResilienceProperties resilience, InternalCredentials credentials) {
        return HttpClients.internal(credentials, HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(resilience.connectTimeout()));
    }

    @Bean
    SchedulerGuard schedulerGuard(CircuitBreakerRegistry breakers, BulkheadRegistry bulkheads,
                                  ResilienceProperties resilience) {
        // the scheduler calls' time limits: one per request, almost none fires (see CoarseTimer)
        return new SchedulerGuard(breakers, bulkheads, CoarseTimer.shared(), resilience);
    }

    @Bean
    io.baton.gateway.scheduler.SchedulerLeader schedulerLeader(UpstreamProperties upstreams) {
        return new io.baton.gateway.scheduler.SchedulerLeader(upstreams.schedulerUrl());
    }

    /**
     * Inference calls over the schedulers' gRPC intakes when {@code baton.gateway.scheduler-grpc-url} names them (an
     * answer as large as the largest request the gateway takes, twice over), else over HTTP.
     */
    @Bean(destroyMethod = "close")
    SchedulerClient schedulerClient(HttpClient upstreamHttpClient, ObjectMapper json, SchedulerGuard guard,
                                    UpstreamProperties upstreams, ResilienceProperties resilience,
                                    io.baton.gateway.scheduler.SchedulerLeader schedulerLeader,
                                    InternalCredentials internalCredentials, InferenceProperties inference) {
        io.baton.gateway.scheduler.SchedulerGrpc grpc = upstreams.schedulerGrpcUrl().isEmpty() ? null
                : new io.baton.gateway.scheduler.SchedulerGrpc(upstreams.schedulerUrl(), upstreams.schedulerGrpcUrl(),
                schedulerLeader, internalCredentials, 2 * inference.maxInferRequestSize().toBytes(), json);
        return new SchedulerClient(upstreamHttpClient, json, guard, upstreams, resilience, schedulerLeader, grpc);
    }

    /** Which variants the profiler is profiling, for the model routes' state. */
    @Bean
    io.baton.gateway.profiling.ProfilingJobsClient profilingJobsClient(HttpClient upstreamHttpClient, ObjectMapper json,
                                                                        UpstreamProperties upstreams) {
        return new io.baton.gateway.profiling.ProfilingJobsClient(upstreamHttpClient, json, upstreams);
    }

    /** Schemble's difficulty predictor per ensemble, re-read from the registry as often as application definitions. */
    @Bean(destroyMethod = "close")
    DifficultyEnrichment difficultyEnrichment(RegistryClient registry, UpstreamProperties properties) {
        return new DifficultyEnrichment(registry, properties.appCacheTtl().toNanos(), System::nanoTime);
    }

    /** SneakPeek's k-NN evidence per sneakpeek application, its index re-checked as often as application definitions. */
    @Bean
    SneakPeekEvidence sneakPeekEvidence(RegistryClient registry, UpstreamProperties properties,
                                        io.micrometer.core.instrument.MeterRegistry meters) {
        return new SneakPeekEvidence(registry, properties.appCacheTtl().toNanos(), meters);
    }

    @Bean
    InferenceService inferenceService(ApplicationCache applications, SchedulerClient scheduler,
                                      InferenceProperties properties, DifficultyEnrichment difficultyEnrichment,
                                      SneakPeekEvidence sneakPeekEvidence,
                                      io.baton.gateway.serving.RequestLimitsProperties requestLimits) {
        return new InferenceService(applications, scheduler, properties, difficultyEnrichment, sneakPeekEvidence,
                new io.baton.gateway.serving.RequestLimits(requestLimits));
    }

    @Bean
    AdmissionControl admissionControl(AdmissionProperties admission, MeterRegistry meters) {
        return new AdmissionControl(admission, meters, System::nanoTime);
    }

    @Bean
    UpstreamHealth upstreamHealth(HttpClient upstreamHttpClient, UpstreamProperties properties) {
        return new UpstreamHealth(upstreamHttpClient, properties);
    }

    @Bean
    OipRequestReader oipRequestReader(ObjectMapper json) {
        return new OipRequestReader(json);
    }

    @Bean
    OipResponseWriter oipResponseWriter(ObjectMapper json) {
        return new OipResponseWriter(json);
    }

    /** The admin routes' pass-through to the registry, the profiler and the scheduler, on the pooled client. */
    @Bean
    Passthrough adminPassthrough(HttpClient upstreamHttpClient, ObjectMapper json, UpstreamProperties properties) {
        return new Passthrough(upstreamHttpClient, json, properties.maxUploadSize().toBytes());
    }

    @Bean
    ApiKeyVerifier apiKeyVerifier(HttpClient upstreamHttpClient, ObjectMapper json, ApiKeyProperties keys,
                                  UpstreamProperties upstreams) {
        return new ApiKeyVerifier(keys, new RegistryKeyClient(upstreamHttpClient, json, upstreams));
    }

    /** On every path: {@link io.baton.gateway.security.AccessRules} says which need which key. */
    @Bean
    FilterRegistrationBean<ApiKeyFilter> apiKeyFilter(ApiKeyVerifier verifier, ApiKeyProperties properties,
                                                      ObjectMapper json) {
        if (properties.apiKeys().isEmpty()) {
            log.warn("baton.gateway.api-keys is empty: the admin routes (/v1/**) stay open to anyone who can reach "
                    + "this port until an API key is active in the registry; configure a bootstrap key");
        }
        if (properties.inferenceAuth() == ApiKeyProperties.InferenceAuth.REQUIRED && properties.apiKeys().isEmpty()) {
            log.warn("baton.gateway.inference-auth is required but no bootstrap key is configured: inference needs "
                    + "a key issued by the registry (POST /v1/api-keys with the infer scope)");
        }
        FilterRegistrationBean<ApiKeyFilter> registration = new FilterRegistrationBean<>(
                new ApiKeyFilter(verifier, properties.inferenceAuth(), json));
        registration.addUrlPatterns("/*");
        registration.setOrder(FILTER_ORDER + 10);
        return registration;
    }

    /** Only with {@code baton.gateway.cors.allowed-origins} set; before the key filter, since preflights carry none. */
    @Bean
    FilterRegistrationBean<CorsFilter> corsFilter(CorsProperties cors, ObjectMapper json) {
        FilterRegistrationBean<CorsFilter> registration = new FilterRegistrationBean<>(
                CrossOrigin.filter(cors.allowedOrigins(), json));
        registration.addUrlPatterns("/*");
        registration.setOrder(FILTER_ORDER);
        registration.setEnabled(!cors.allowedOrigins().isEmpty());
        return registration;
    }
}
