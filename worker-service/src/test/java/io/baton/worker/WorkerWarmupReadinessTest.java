package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
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

import io.baton.worker.cache.ModelCache;
import io.baton.worker.warmup.InProcessWarmupBatches;
import io.baton.worker.warmup.WarmupBatches;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The worker warms its batch path (real ONNX Runtime, the built-in model) before it is ready: while the synthetic
 * batches run, readiness is REFUSING_TRAFFIC, {@code /actuator/health/readiness} answers 503 and the worker has not
 * registered with its scheduler; once settled, ACCEPTING_TRAFFIC, 200, and it registers. The built-in model is
 * nowhere in the worker's cache, heartbeats or batch metrics afterwards.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.warmup.enabled=true", "baton.worker.warmup.bound=2m", "baton.worker.warmup.window=5",
        "baton.worker.warmup.tolerance=10", "baton.worker.warmup.min-batches=20",
        "baton.worker.heartbeat-interval=100ms", "baton.worker.intra-op-threads=1"})
class WorkerWarmupReadinessTest {

    static final FakeControlPlane SCHEDULER = start();

    /** What readiness and the scheduler saw while the warm-up's batches ran. */
    static final List<ReadinessState> STATES_DURING = new CopyOnWriteArrayList<>();
    static final List<String> HTTP_DURING = new CopyOnWriteArrayList<>();
    static final List<Integer> REGISTRATIONS_DURING = new CopyOnWriteArrayList<>();

    static FakeControlPlane start() {
        try {
            return new FakeControlPlane();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @AfterAll
    static void stop() {
        SCHEDULER.close();
    }

    @DynamicPropertySource
    static void urls(DynamicPropertyRegistry registry) {
        registry.add("baton.worker.registry-url", SCHEDULER::url);
        registry.add("baton.worker.scheduler-url", () -> SCHEDULER.url() + "/");
    }

    @TestConfiguration
    static class Observing {
        /** The real batches, each first looking at readiness and at the scheduler's registrations. */
        @Bean
        @Primary
        WarmupBatches observing(InProcessWarmupBatches real, ApplicationAvailability availability, Environment env) {
            AtomicBoolean askedOverHttp = new AtomicBoolean();
            return () -> {
                WarmupBatches.Opened opened = real.open();
                return new WarmupBatches.Opened() {
                    @Override
                    public void run() throws Exception {
                        STATES_DURING.add(availability.getReadinessState());
                        REGISTRATIONS_DURING.add(SCHEDULER.registrations.size());
                        if (askedOverHttp.compareAndSet(false, true)) {
                            HTTP_DURING.add(readiness(Integer.parseInt(env.getProperty("local.server.port"))));
                        }
                        opened.run();
                    }

                    @Override
                    public void close() {
                        opened.close();
                    }
                };
            };
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    ApplicationAvailability availability;

    @Autowired
    ModelCache cache;

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
    void readinessRefusesTrafficAndTheWorkerStaysUnregisteredUntilTheWarmupHasSettled() {
        assertThat(STATES_DURING).hasSizeGreaterThanOrEqualTo(20).containsOnly(ReadinessState.REFUSING_TRAFFIC);
        assertThat(HTTP_DURING).singleElement().asString().startsWith("503").contains("OUT_OF_SERVICE");
        assertThat(REGISTRATIONS_DURING).containsOnly(0);

        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
        assertThat(readiness(port)).startsWith("200").contains("\"UP\"");
        await().atMost(Duration.ofSeconds(20)).until(() -> !SCHEDULER.registrations.isEmpty());
    }

    @Test
    void theBuiltInModelIsNotInTheCacheNorItsBatchesInTheMetrics() {
        assertThat(cache.models()).isEmpty();
        assertThat(cache.residentBytes()).isZero();
        assertThat(cache.recentUnloads()).isEmpty();
        assertThat(meters.find("baton.worker.batch.size").summary().count()).isZero();
        assertThat(meters.find("baton.worker.model.load").timers()).isEmpty();
        await().atMost(Duration.ofSeconds(20)).until(() -> !SCHEDULER.heartbeats.isEmpty());
        assertThat(SCHEDULER.registrations.get(0).get("models")).isEmpty();
    }
}
