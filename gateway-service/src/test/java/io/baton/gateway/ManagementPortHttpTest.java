package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.baton.gateway.edge.ManagementConnector;
import io.baton.gateway.support.RawHttp;

/**
 * The public port shows nothing internal: actuator's {@code info} and {@code prometheus} (internal URLs, settings,
 * metrics) are 404 there and served on the management port, which serves actuator and nothing else; health is on
 * both, for probes.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability(tracing = false) // Spring Boot turns metrics export off in tests unless asked
class ManagementPortHttpTest {

    @LocalServerPort
    int port;

    @Autowired
    ManagementConnector management;

    @Test
    void infoAndPrometheusAreServedOnTheManagementPortOnly() throws Exception {
        assertThat(management.port()).isPositive().isNotEqualTo(port);
        for (String path : List.of("/actuator/prometheus", "/actuator/info", "/actuator", "/actuator/metrics")) {
            RawHttp.Answer pub = RawHttp.get("127.0.0.1", port, path, 5_000);
            assertThat(pub.status()).as(path).isEqualTo(404);
            assertThat(pub.body()).as(path).doesNotContain("jvm_").doesNotContain("schedulerUrl");
        }
        RawHttp.Answer prometheus = RawHttp.get("127.0.0.1", management.port(), "/actuator/prometheus", 5_000);
        assertThat(prometheus.status()).isEqualTo(200);
        assertThat(prometheus.body()).contains("jvm_memory_used_bytes");
        RawHttp.Answer info = RawHttp.get("127.0.0.1", management.port(), "/actuator/info", 5_000);
        assertThat(info.status()).isEqualTo(200);
        assertThat(info.body()).contains("schedulerUrl");
    }

    @Test
    void healthIsOnBothPortsAndTheManagementPortServesNothingElse() throws Exception {
        for (int p : List.of(port, management.port())) {
            for (String path : List.of("/actuator/health", "/actuator/health/liveness", "/actuator/health/readiness")) {
                assertThat(RawHttp.get("127.0.0.1", p, path, 5_000).status()).as(p + path).isEqualTo(200);
            }
        }
        for (String path : List.of("/v2/health/live", "/v2", "/v1/applications", "/admin/", "/v3/api-docs")) {
            assertThat(RawHttp.get("127.0.0.1", management.port(), path, 5_000).status()).as(path).isEqualTo(404);
        }
        assertThat(RawHttp.get("127.0.0.1", port, "/v2/health/live", 5_000).status()).isEqualTo(200);
    }
}
