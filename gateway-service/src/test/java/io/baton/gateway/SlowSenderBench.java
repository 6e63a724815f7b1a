package io.baton.gateway;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.RawHttp;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * The slow-sender attack with the service's own settings (application.yml): 300 connections from 127.0.0.1, each
 * declaring a 100 kB body and sending one byte every 2 s, on the repository index and then on infer, for 12 s each,
 * while another client (127.0.0.2) asks readiness and sends real inferences every 250 ms with a 1 s limit. Prints
 * what that client got. Off by default: {@code -Dbaton.bench=true}.
 */
@EnabledIfSystemProperty(named = "baton.bench", matches = "true")
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "logging.level.root=WARN")
class SlowSenderBench {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final String BODY = "{\"inputs\":[{\"name\":\"x\",\"shape\":[1,2],\"datatype\":\"FP32\",\"data\":[1,2]}]}";
    static final int SENDERS = 300;
    static final long ATTACK_MS = 12_000;

    static {
        String x = Apps.spec("x", "FP32", "[-1,2]"), y = Apps.spec("y", "FP32", "[-1,1]");
        REGISTRY.application("sum", Apps.application("sum", "single", "{}", 5_000, x, y, Apps.variant("m", 0, x, y)));
        SCHEDULER.application("sum", "single", Map.of("m", new StubScheduler.Model(List.of("x"), List.of("y"),
                in -> Map.of("y", new double[] {in.get("x")[0] + in.get("x")[1]}))));
        SCHEDULER.recording = false;
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    @Test
    void slowSendersOnTheIndexAndOnInfer() throws Exception {
        attack("/v2/repository/index");
        Thread.sleep(3_000);
        attack("/v2/models/sum/infer");
    }

    private void attack(String path) throws Exception {
        Map<String, Integer> ready = new TreeMap<>();
        Map<String, Integer> infer = new TreeMap<>();
        List<Integer> senders;
        try (RawHttp.SlowSenders slow = new RawHttp.SlowSenders("127.0.0.1", port, path, SENDERS, 100_000, 2_000)) {
            long end = System.currentTimeMillis() + ATTACK_MS;
            while (System.currentTimeMillis() < end) {
                ready.merge(label(RawHttp.get("127.0.0.2", port, "/v2/health/ready", 1_000)), 1, Integer::sum);
                infer.merge(label(RawHttp.post("127.0.0.2", port, "/v2/models/sum/infer", BODY, 1_000)), 1,
                        Integer::sum);
                Thread.sleep(250);
            }
            senders = slow.answered(100);
        }
        Map<String, Integer> senderAnswers = new TreeMap<>();
        senders.forEach(s -> senderAnswers.merge(s == 0 ? "no answer yet" : s < 0 ? "closed" : String.valueOf(s), 1,
                Integer::sum));
        System.out.printf("%n%d slow senders on %s for %d s:%n  readiness  %s%n  inference  %s%n  the senders got %s%n",
                SENDERS, path, ATTACK_MS / 1000, ready, infer, senderAnswers);
    }

    private static String label(RawHttp.Answer a) {
        return a.timedOut() ? "no answer in 1 s" : a.status() < 0 ? "closed" : String.valueOf(a.status());
    }
}
