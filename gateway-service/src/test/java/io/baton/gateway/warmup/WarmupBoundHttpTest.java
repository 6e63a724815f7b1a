package io.baton.gateway.warmup;

import static io.baton.gateway.support.Apps.application;
import static io.baton.gateway.support.Apps.spec;
import static io.baton.gateway.support.Apps.variant;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
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
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.baton.gateway.support.StubUpstreams;

/** A warm-up whose latencies never settle ends at the bound: the gateway is ready anyway and logs why. */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.warmup.enabled=true", "baton.gateway.warmup.bound=6s", "baton.gateway.warmup.window=3",
        "baton.gateway.warmup.tolerance=0.10", "baton.gateway.warmup.min-requests=0",
        "baton.gateway.warmup.concurrency=1"})
class WarmupBoundHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();

    static {
        String x = spec("x", "FP32", "[-1,4]"), y = spec("probs", "FP32", "[-1,2]");
        UPSTREAMS.registry().application("restless", application("restless", "single", "{}", 10_000, x, y,
                variant("only", 0, x, y)));
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @TestConfiguration
    static class NeverSettling {
        /**
         * Windows of three calls alternately fast (1 ms) and slow (200 ms): consecutive medians never within 10%, even
         * on a machine busy enough to stretch every sleep by tens of milliseconds.
         */
        @Bean
        @Primary
        WarmupCalls neverSettling() {
            AtomicInteger calls = new AtomicInteger();
            return app -> () -> Thread.sleep((calls.getAndIncrement() / 3) % 2 == 0 ? 1 : 200);
        }
    }

    @Autowired
    ApplicationAvailability availability;

    @Test
    void theGatewayIsReadyAtTheBoundAndSaysWhy(CapturedOutput output) {
        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
        assertThat(output.getAll()).contains("warm-up of restless: not settled within the bound")
                .contains("(6.0 s, baton.gateway.warmup.bound) has passed").contains("ready anyway");
    }
}
