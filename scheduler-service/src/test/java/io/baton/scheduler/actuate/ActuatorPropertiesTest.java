package io.baton.scheduler.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import io.baton.core.symphony.autoscale.AutoscalingAdvisor;

/** The settings' defaults and checks, and the environment variables of k8s/'s overlays binding as meant. */
class ActuatorPropertiesTest {

    @Test
    void defaultsAreLocalWithTheDeploymentsOfK8s() {
        ActuatorProperties p = ActuatorProperties.defaults();
        assertThat(p.kind()).isEqualTo("local");
        assertThat(p.cooldown()).isEqualTo(Duration.ofSeconds(60));
        assertThat(p.minReplicas("cpu")).isEqualTo(1);
        assertThat(p.maxReplicas("gpu")).isEqualTo(8);
        assertThat(p.autoscale().enabled()).isFalse();
        assertThat(p.kubernetes().deployments()).containsExactlyInAnyOrderEntriesOf(
                Map.of("cpu", "worker-cpu", "gpu", "worker-gpu"));
        assertThat(p.kubernetes().namespace()).as("the pod's own").isNull();
        assertThat(p.ipa().poolOf("anything")).isEqualTo("cpu");
    }

    @Test
    void theOverlaysEnvironmentBinds() {
        // as in k8s/overlays/gpu's patch of scheduler-service-config
        ActuatorProperties p = bindEnvironment(Map.of(
                "BATON_SCHEDULER_ACTUATOR_KIND", "kubernetes",
                "BATON_SCHEDULER_ACTUATOR_KUBERNETES_DEPLOYMENTS_CPU", "worker-cpu",
                "BATON_SCHEDULER_ACTUATOR_POOLS_CPU_MINREPLICAS", "1",
                "BATON_SCHEDULER_ACTUATOR_POOLS_CPU_MAXREPLICAS", "4",
                "BATON_SCHEDULER_ACTUATOR_POOLS_GPU_MAXREPLICAS", "2",
                "BATON_SCHEDULER_ACTUATOR_COOLDOWN", "120s",
                "BATON_SCHEDULER_ACTUATOR_AUTOSCALE_ENABLED", "true",
                "BATON_SCHEDULER_ACTUATOR_AUTOSCALE_PERIOD", "30s",
                "BATON_SCHEDULER_ACTUATOR_IPA_STAGEPOOLS_CLASSIFY", "gpu"));
        assertThat(p.kind()).isEqualTo("kubernetes");
        assertThat(p.kubernetes().deployments()).as("only what is configured").containsExactly(Map.entry("cpu", "worker-cpu"));
        assertThat(p.maxReplicas("cpu")).isEqualTo(4);
        assertThat(p.maxReplicas("gpu")).isEqualTo(2);
        assertThat(p.minReplicas("gpu")).isEqualTo(1);
        assertThat(p.cooldown()).isEqualTo(Duration.ofSeconds(120));
        assertThat(p.autoscale().enabled()).isTrue();
        assertThat(p.autoscale().period()).isEqualTo(Duration.ofSeconds(30));
        assertThat(p.ipa().poolOf("classify")).isEqualTo("gpu");
    }

    @Test
    void badSettingsAreRefusedByName() {
        assertThatThrownBy(() -> new ActuatorProperties("nomad", null, null, null, null, null, null, null, null, null))
                .hasMessageContaining("baton.scheduler.actuator.kind");
        assertThatThrownBy(() -> new ActuatorProperties(null, null, 3, 2, null, null, null, null, null, null))
                .hasMessageContaining("baton.scheduler.actuator.max-replicas");
        assertThatThrownBy(() -> new ActuatorProperties(null, null, null, null,
                Map.of("gpu", new ActuatorProperties.Bounds(-1, null)), null, null, null, null, null))
                .hasMessageContaining("baton.scheduler.actuator.pools.gpu.min-replicas");
        assertThatThrownBy(() -> new AutoscaleSettings(true, Duration.ZERO, null, null, null))
                .hasMessageContaining("autoscale.period");
        assertThatThrownBy(() -> new AutoscaleSettings(true, null, 1.5,
                AutoscalingAdvisor.DEFAULT_MIN_IDLE_FRACTION_TO_RELEASE, AutoscalingAdvisor.DEFAULT_MAX_GROWTH_FACTOR).advisor())
                .hasMessageContaining("baton.scheduler.actuator.autoscale").hasMessageContaining("badRateThreshold");
    }

    private static ActuatorProperties bindEnvironment(Map<String, Object> variables) {
        MutablePropertySources sources = new MutablePropertySources();
        sources.addFirst(new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
        return new Binder(ConfigurationPropertySources.from(sources))
                .bindOrCreate("baton.scheduler.actuator", ActuatorProperties.class);
    }
}
