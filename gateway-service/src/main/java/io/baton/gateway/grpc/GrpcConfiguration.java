package io.baton.gateway.grpc;

import io.baton.commons.grpc.GrpcPort;

import java.util.List;
import java.util.concurrent.ThreadPoolExecutor;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.baton.gateway.oip.InferenceCall;
import io.baton.gateway.oip.UpstreamHealth;
import io.baton.gateway.registry.RegistryClient;
import io.baton.gateway.scheduler.SchedulerClient;
import io.baton.gateway.security.ApiKeyProperties;
import io.baton.gateway.security.ApiKeyVerifier;
import io.baton.gateway.serving.InferenceProperties;

/**
 * The gRPC port, unless {@code baton.gateway.grpc.enabled=false}. It listens on the address the REST port does
 * ({@code server.address}; all interfaces when unset).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(GrpcProperties.class)
@ConditionalOnProperty(prefix = "baton.gateway.grpc", name = "enabled", matchIfMissing = true)
public class GrpcConfiguration {

    @Bean
    OipGrpcServer oipGrpcServer(GrpcProperties settings, @Value("${server.address:}") String address,
                                InferenceProperties inference, InferenceCall call, SchedulerClient scheduler,
                                RegistryClient registry, UpstreamHealth health, ApiKeyVerifier verifier,
                                ApiKeyProperties keys, ObjectProvider<BuildProperties> build) {
        BuildProperties b = build.getIfAvailable();
        String version = b == null || b.getVersion() == null ? "dev" : b.getVersion();
        ThreadPoolExecutor threads = GrpcPort.executor(settings.threads(), "grpc-oip-");
        OipGrpcService oip = new OipGrpcService(new GrpcInference(call), scheduler, registry, health,
                version, threads);
        return new OipGrpcServer(settings, address, inference.maxInferRequestSize().toBytes(),
                List.of(oip), new ReadinessHealth(health, settings.healthWatchInterval(), settings.healthMaxWatchers()),
                new ApiKeyInterceptor(verifier, keys.inferenceAuth()), new OffLoop(threads, verifier::checksAtOnce),
                threads);
    }
}
