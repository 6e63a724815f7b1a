package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.RawHttp;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * Requests in flight per client address, over real sockets from distinct loopback addresses: past the cap (3 here)
 * one address is refused at once with 429, {@code Retry-After} and a message naming the address and the setting,
 * while another address is served and health probes from the busy one are not counted.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "baton.gateway.edge.max-requests-per-client=3")
class ClientLimitHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();
    static final String BODY = "{\"inputs\":[{\"name\":\"x\",\"shape\":[1,2],\"datatype\":\"FP32\",\"data\":[1,2]}]}";

    static {
        String x = Apps.spec("x", "FP32", "[-1,2]"), y = Apps.spec("y", "FP32", "[-1,1]");
        REGISTRY.application("held", Apps.application("held", "single", "{}", 10_000, x, y, Apps.variant("m", 0, x, y)));
        SCHEDULER.application("held", "single", Map.of("m", new StubScheduler.Model(List.of("x"), List.of("y"),
                in -> Map.of("y", new double[] {in.get("x")[0] + in.get("x")[1]}))));
        SCHEDULER.delay("held", 1_500);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    @Test
    void pastTheCapAnAddressIsRefusedAtOnceAndOthersAreServed() throws Exception {
        List<CompletableFuture<RawHttp.Answer>> busy = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            busy.add(CompletableFuture.supplyAsync(() -> post("127.0.0.41")));
        }
        // the 3 held by the scheduler's delay (1.5 s): wait until they are in flight, as the scheduler sees them
        while (SCHEDULER.callsFor("held").size() < 3) {
            Thread.sleep(20);
        }
        RawHttp.Answer refused = post("127.0.0.41");
        assertThat(refused.status()).as(refused.body()).isEqualTo(429);
        assertThat(refused.header("Retry-After")).isEqualTo("1");
        assertThat(JSON.readTree(refused.body()).get("error").asText())
                .isEqualTo("too many requests in flight from 127.0.0.41 (3, baton.gateway.edge.max-requests-per-client)"
                        + "; retry shortly");
        assertThat(RawHttp.get("127.0.0.41", port, "/v2/health/live", 5_000).status()).isEqualTo(200);
        assertThat(RawHttp.get("127.0.0.41", port, "/actuator/health/readiness", 5_000).status()).isEqualTo(200);
        assertThat(post("127.0.0.42").status()).isEqualTo(200);
        assertThat(busy.stream().map(CompletableFuture::join).map(RawHttp.Answer::status)).containsOnly(200);
        // all answered: the address is served again
        assertThat(post("127.0.0.41").status()).isEqualTo(200);
    }

    private RawHttp.Answer post(String from) {
        try {
            return RawHttp.post(from, port, "/v2/models/held/infer", BODY, 10_000);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
