package io.baton.scheduler.actuate;

import io.baton.core.security.InternalAuth;
import io.baton.core.security.InternalCredentials;
import java.util.Map;
import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.baton.scheduler.leader.LeaderElection;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.metrics.ServingMetrics;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.micrometer.core.instrument.MeterRegistry;

/** Wires the actuator chosen by {@code baton.scheduler.actuator.kind}, the scaling service and the epoch loop. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ActuatorProperties.class)
class ActuatorConfiguration {

    /**
     * A client for the API server, only with {@code kind=kubernetes}: in a pod, the in-cluster configuration (the
     * service account's token and CA, the pod's namespace); elsewhere ~/.kube/config; {@code master-url} overrides
     * the server. Nothing is called at start: an unreachable API server shows in the actuator's state, not as a
     * failed start.
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnProperty(prefix = "baton.scheduler.actuator", name = "kind", havingValue = ActuatorProperties.KUBERNETES)
    KubernetesClient kubernetesClient(ActuatorProperties properties) {
        Config config = Config.autoConfigure(null);
        if (properties.kubernetes().masterUrl() != null) {
            config.setMasterUrl(properties.kubernetes().masterUrl());
        }
        // fabric8 retries a failed request up to 10 times with doubling back-off (minutes in all); one retry is
        // enough for a scaling that the next epoch repeats anyway, and keeps an outage from stalling the epoch loop.
        config.setRequestRetryBackoffLimit(1);
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    @Bean(destroyMethod = "close")
    Actuator actuator(ActuatorProperties properties, WorkerRegistry registry, ObjectProvider<KubernetesClient> clients,
                      InternalCredentials credentials) {
        if (properties.kind().equals(ActuatorProperties.KUBERNETES)) {
            KubernetesClient client = clients.getObject();
            String namespace = properties.kubernetes().namespace() != null ? properties.kubernetes().namespace()
                    : client.getNamespace();
            return new KubernetesActuator(client, namespace, properties.kubernetes().deployments(), Clock.systemUTC());
        }
        LocalWorkerSettings local = properties.local();
        Map<String, String> secret = credentials.secret()
                .map(s -> Map.of(InternalAuth.environmentName(InternalAuth.SECRET_PROPERTY), s.value())).orElse(Map.of());
        return new LocalActuator(registry, new WorkerProcesses(local.commands(), local.logDir(), local.stopTimeout(), secret));
    }

    @Bean
    ScalingService scalingService(Actuator actuator, ActuatorProperties properties, WorkerRegistry registry,
                                  MeterRegistry meters) {
        return new ScalingService(actuator, properties, registry, Clock.systemUTC(), meters);
    }

    @Bean
    EpochAutoscaler epochAutoscaler(ScalingService scaling, WorkerRegistry registry, ServingMetrics metrics,
                                    ActuatorProperties properties, LeaderElection election) {
        EpochAutoscaler autoscaler = new EpochAutoscaler(scaling, registry, metrics, properties.autoscale(),
                Clock.systemUTC());
        autoscaler.onlyWhile(election::leading);
        return autoscaler;
    }

    @Bean
    IpaPlanApplier ipaPlanApplier(ScalingService scaling, ActuatorProperties properties) {
        return new IpaPlanApplier(scaling, properties.ipa());
    }
}
