package io.baton.gateway.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** A registry that is down does not keep a (re)started gateway unready: at the bound it is ready, cold, and says so. */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.warmup.enabled=true", "baton.gateway.warmup.bound=2s",
        // nothing listens on port 9 of loopback (discard): every registry read fails at once
        "baton.gateway.registry-url=http://127.0.0.1:9", "baton.gateway.scheduler-url=http://127.0.0.1:9"})
class WarmupRegistryDownHttpTest {

    @Autowired
    ApplicationAvailability availability;

    @Test
    void theGatewayIsReadyColdAtTheBound(CapturedOutput output) {
        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
        assertThat(output.getAll()).contains("the registry did not list its applications within the bound");
    }
}
