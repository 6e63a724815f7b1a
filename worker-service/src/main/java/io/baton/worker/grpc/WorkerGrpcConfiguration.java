package io.baton.worker.grpc;

import io.baton.commons.grpc.InternalSecretInterceptor;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.security.InternalCredentials;
import io.baton.worker.api.ProblemAdvice;
import io.baton.worker.batch.BatchRunner;

/** The binary batch route, unless {@code baton.worker.grpc.enabled=false}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WorkerGrpcProperties.class)
@ConditionalOnProperty(name = "baton.worker.grpc.enabled", havingValue = "true", matchIfMissing = true)
class WorkerGrpcConfiguration {

    @Bean
    WorkerGrpcServer workerGrpcServer(WorkerGrpcProperties settings, Environment environment, BatchRunner runner,
                                      ProblemAdvice advice, ObjectMapper json, InternalCredentials credentials) {
        int httpPort = environment.getProperty("server.port", Integer.class, 8080);
        return new WorkerGrpcServer(settings, environment.getProperty("server.address"), settings.portFor(httpPort),
                new WorkerBatchesService(runner, new BatchRefusals(advice, json)),
                new InternalSecretInterceptor(credentials, "this worker"));
    }
}
