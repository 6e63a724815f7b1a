package io.baton.scheduler.dispatch;

import io.baton.core.security.InternalCredentials;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.scheduler.SchedulerProperties;
import io.baton.scheduler.catalog.ApplicationCatalog;
import io.baton.scheduler.catalog.RegistryClient;
import io.baton.scheduler.catalog.RegistryOutage;
import io.baton.scheduler.ipa.LivePipelinePlanner;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.metrics.ServingMetrics;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires live dispatch: the registry catalog, the worker client with its breakers, metrics and the engines. */
@Configuration(proxyBeanMethods = false)
class DispatchConfiguration {

    /** Base64 tensors of any size the gateway admitted ({@link io.baton.commons.tensor.TensorWire}). */
    @Bean
    org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer largeTensors() {
        return builder -> builder.postConfigurer(io.baton.commons.tensor.TensorWire::allowLargeTensors);
    }

    @Bean
    ApplicationCatalog applicationCatalog(SchedulerProperties properties, ObjectMapper json,
                                          InternalCredentials credentials, MeterRegistry meters) {
        return new ApplicationCatalog(new RegistryClient(properties.registryUrl(), json, credentials),
                properties.catalogTtl(), new RegistryOutage(meters), Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "catalog-refresh");
                    t.setDaemon(true);
                    return t;
                }));
    }

    @Bean(destroyMethod = "shutdown")
    ExecutorService workerCallExecutor() {
        // Encoding batch bodies and the HTTP client's own work: short tasks, never blocking on a worker.
        return Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()),
                r -> {
                    Thread t = new Thread(r, "worker-calls");
                    t.setDaemon(true);
                    return t;
                });
    }

    @Bean
    WorkerClient workerClient(ObjectMapper json, CircuitBreakerRegistry breakers, ExecutorService workerCallExecutor,
                              InternalCredentials credentials) {
        return new WorkerClient(json, breakers, workerCallExecutor, credentials);
    }

    @Bean
    ServingMetrics servingMetrics(MeterRegistry meters) {
        return new ServingMetrics(meters);
    }

    @Bean
    LivePipelinePlanner livePipelinePlanner(SchedulerProperties properties) {
        return new LivePipelinePlanner(properties.ipaInterval().toMillis(), System::currentTimeMillis);
    }

    @Bean(destroyMethod = "close")
    DispatchService dispatchService(ApplicationCatalog catalog, WorkerRegistry registry, WorkerClient workers,
                                    ServingMetrics metrics, SchedulerProperties properties,
                                    LivePipelinePlanner livePipelinePlanner) {
        return new DispatchService(catalog, registry, workers, metrics, properties, livePipelinePlanner);
    }
}
