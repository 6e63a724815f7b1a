package io.baton.scheduler.warmup;

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

/** No worker registers: the warm-up ends at its bound, and the scheduler is ready anyway and logs why. */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.warmup.enabled=true", "baton.scheduler.warmup.bound=3s"})
class SchedulerWarmupBoundTest {

    @Autowired
    ApplicationAvailability availability;

    @Test
    void theSchedulerIsReadyAtTheBoundWithoutAWorkerAndSaysWhy(CapturedOutput output) {
        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
        assertThat(output.getAll()).contains("warm-up: no worker LIVE within 3.0 s").contains("within the bound of 3.0 s").contains("ready cold");
    }
}
