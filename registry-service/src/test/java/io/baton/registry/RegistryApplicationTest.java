package io.baton.registry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import io.baton.registry.support.PostgresHttpTest;

/** Starts registry-service on a random port and talks to its actuator over real HTTP. */
@AutoConfigureObservability(tracing = false) // Spring Boot turns metrics export off in tests unless asked
class RegistryApplicationTest extends PostgresHttpTest {

    @Test
    void healthIsUpAndPrometheusAnswers() {
        ResponseEntity<String> health = http.getForEntity("/actuator/health", String.class);
        assertThat(health.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(health.getBody()).contains("\"status\":\"UP\"");

        ResponseEntity<String> liveness = http.getForEntity("/actuator/health/liveness", String.class);
        assertThat(liveness.getStatusCode()).isEqualTo(HttpStatus.OK);

        ResponseEntity<String> prometheus = http.getForEntity("/actuator/prometheus", String.class);
        assertThat(prometheus.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(prometheus.getBody()).contains("jvm_memory_used_bytes").contains("application=\"registry-service\"");

        ResponseEntity<String> info = http.getForEntity("/actuator/info", String.class);
        assertThat(info.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(info.getBody()).contains("\"artifactDir\"").contains("\"maxUploadSize\"");
    }
}
