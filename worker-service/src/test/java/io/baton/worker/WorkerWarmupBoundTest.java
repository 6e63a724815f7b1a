package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

import io.baton.worker.warmup.WarmupBatches;

/** A warm-up whose latencies never settle ends at the bound: the worker is ready anyway and logs why. */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.warmup.enabled=true", "baton.worker.warmup.bound=4s", "baton.worker.warmup.window=3",
        "baton.worker.warmup.tolerance=0.10", "baton.worker.warmup.min-batches=0"})
class WorkerWarmupBoundTest {

    @TestConfiguration
    static class NeverSettling {
        /**
         * Windows of three batches alternately fast (1 ms) and slow (200 ms): consecutive medians never within 10%,
         * even on a machine busy enough to stretch every sleep by tens of milliseconds.
         */
        @Bean
        @Primary
        WarmupBatches neverSettling() {
            AtomicInteger calls = new AtomicInteger();
            return () -> new WarmupBatches.Opened() {
                @Override
                public void run() throws Exception {
                    Thread.sleep((calls.getAndIncrement() / 3) % 2 == 0 ? 1 : 200);
                }

                @Override
                public void close() {
                }
            };
        }
    }

    @Autowired
    ApplicationAvailability availability;

    @Test
    void theWorkerIsReadyAtTheBoundAndSaysWhy(CapturedOutput output) {
        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
        assertThat(output.getAll()).contains("warm-up of the batch path: not settled within the bound")
                .contains("(4.0 s, baton.worker.warmup.bound) has passed").contains("ready anyway");
    }
}
