package io.baton.gateway.warmup;

import static io.baton.gateway.support.Apps.application;
import static io.baton.gateway.support.Apps.spec;
import static io.baton.gateway.support.Apps.variant;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.baton.core.warmup.WarmupLoop;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The gateway warms every registered application through its real route (the scheduler stand-in answers) before it
 * is ready: while the synthetic requests run, readiness is REFUSING_TRAFFIC and {@code /actuator/health/readiness}
 * answers 503 OUT_OF_SERVICE; once the warm-up has settled, ACCEPTING_TRAFFIC and UP. The synthetic requests are not
 * counted in the gateway's inference metrics.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.warmup.enabled=true", "baton.gateway.warmup.bound=2m", "baton.gateway.warmup.window=5",
        "baton.gateway.warmup.tolerance=10", "baton.gateway.warmup.min-requests=20",
        "baton.gateway.warmup.concurrency=2"})
class WarmupReadinessHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();

    /** What readiness said while the warm-up's calls ran, seen from inside Spring and over HTTP. */
    static final List<ReadinessState> STATES_DURING = new CopyOnWriteArrayList<>();
    static final List<String> HTTP_DURING = new CopyOnWriteArrayList<>();

    static {
        String x = spec("x", "FP32", "[-1,4]"), y = spec("probs", "FP32", "[-1,2]");
        UPSTREAMS.registry().application("fashion", application("fashion", "single", "{}", 10_000, x, y,
                variant("small", 0, x, y)));
        UPSTREAMS.scheduler().application("fashion", "single", Map.of("small", new StubScheduler.Model(List.of("x"),
                List.of("probs"), in -> Map.of("probs", new double[] {in.get("x")[0], 1}))));
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @TestConfiguration
    static class Observing {
        /** The real calls, each first looking at readiness. */
        @Bean
        @Primary
        WarmupCalls observing(InProcessWarmupCalls real, ApplicationAvailability availability, Environment env) {
            AtomicBoolean askedOverHttp = new AtomicBoolean();
            return app -> {
                WarmupLoop.Call call = real.callFor(app);
                return () -> {
                    STATES_DURING.add(availability.getReadinessState());
                    if (askedOverHttp.compareAndSet(false, true)) {
                        HTTP_DURING.add(readiness(Integer.parseInt(env.getProperty("local.server.port"))));
                    }
                    call.run();
                };
            };
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    ApplicationAvailability availability;

    @Autowired
    MeterRegistry meters;

    static String readiness(int port) {
        try {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() + " " + r.body();
        } catch (Exception e) {
            return "failed: " + e;
        }
    }

    @Test
    void readinessRefusesTrafficUntilTheWarmupHasSettledThenAccepts() {
        assertThat(STATES_DURING).hasSizeGreaterThanOrEqualTo(20).containsOnly(ReadinessState.REFUSING_TRAFFIC);
        assertThat(HTTP_DURING).singleElement().asString().startsWith("503").contains("OUT_OF_SERVICE");

        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
        assertThat(readiness(port)).startsWith("200").contains("\"UP\"");
    }

    @Test
    void theSyntheticRequestsWentThroughTheRouteToTheSchedulerUncounted() {
        assertThat(UPSTREAMS.scheduler().callsFor("fashion")).hasSizeGreaterThanOrEqualTo(20);
        assertThat(meters.find("baton.gateway.requests").tag("app", "fashion").timers()).isEmpty();
    }
}
