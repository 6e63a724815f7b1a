package io.baton.scheduler.grpc;

import java.util.List;
import java.util.concurrent.ThreadPoolExecutor;

import io.baton.scheduler.trace.RequestTimelines;

import io.baton.commons.grpc.InternalSecretInterceptor;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.security.InternalCredentials;
import io.baton.core.util.InFlightBytes;
import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.infer.EnsembleGrpcService;
import io.baton.scheduler.infer.InferGrpcService;
import io.baton.scheduler.leader.LeaderElection;

/**
 * The gRPC intake, unless {@code baton.scheduler.grpc.enabled=false}. It listens on the address the HTTP port does
 * ({@code server.address}; all interfaces when unset).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IntakeGrpcProperties.class)
@ConditionalOnProperty(prefix = "baton.scheduler.grpc", name = "enabled", matchIfMissing = true)
class IntakeGrpcConfiguration {

    @Bean
    IntakeGrpcServer intakeGrpcServer(IntakeGrpcProperties settings, @Value("${server.address:}") String address,
                                      DispatchService dispatch, LeaderElection election, InFlightBytes budget,
                                      ObjectMapper json, InternalCredentials credentials, RequestTimelines timelines) {
        ThreadPoolExecutor offLoop = IntakeGrpcServer.offLoop(settings);
        return new IntakeGrpcServer(settings, address, budget.budget(),
                List.of(new InferGrpcService(dispatch, election, budget, json, timelines, offLoop),
                        new EnsembleGrpcService(dispatch, election, budget, json, timelines, offLoop)),
                new InternalSecretInterceptor(credentials, "the scheduler's intake"),
                InternalSecretInterceptor.headers(credentials), offLoop);
    }
}
