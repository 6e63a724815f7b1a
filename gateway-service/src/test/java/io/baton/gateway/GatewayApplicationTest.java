package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/** Starts gateway-service on a random port and talks to its actuator over real HTTP. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability(tracing = false) // Spring Boot turns metrics export off in tests unless asked
class GatewayApplicationTest {

    @Autowired
    TestRestTemplate http;

    /** actuator's info and prometheus are served on the management port only */
    @Autowired
    io.baton.gateway.edge.ManagementConnector management;

    @Test
    void healthIsUpAndPrometheusAnswers() {
        ResponseEntity<String> health = http.getForEntity("/actuator/health", String.class);
        assertThat(health.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(health.getBody()).contains("\"status\":\"UP\"");

        ResponseEntity<String> liveness = http.getForEntity("/actuator/health/liveness", String.class);
        assertThat(liveness.getStatusCode()).isEqualTo(HttpStatus.OK);

        ResponseEntity<String> prometheus = http.getForEntity("http://127.0.0.1:" + management.port() + "/actuator/prometheus", String.class);
        assertThat(prometheus.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(prometheus.getBody()).contains("jvm_memory_used_bytes").contains("application=\"gateway-service\"");

        ResponseEntity<String> info = http.getForEntity("http://127.0.0.1:" + management.port() + "/actuator/info", String.class);
        assertThat(info.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(info.getBody()).contains("\"schedulerUrl\"");
    }

    @Autowired
    ObjectMapper json;

    /** Base64 tensors past Jackson's default 20,000,000-character limit (a ~15 MB tensor) still read (TensorWire). */
    @Test
    void theWireReadsTensorsPastJacksonsDefaultStringLimit() throws Exception {
        String base64 = "A".repeat(24_000_000);
        assertThat(json.readTree("{\"base64\":\"" + base64 + "\"}").get("base64").asText()).hasSize(24_000_000);
    }
}
