package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.ServiceProcess;
import io.baton.cli.suite.Suite;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.FreePorts;
import io.baton.e2e.support.Oip;
import io.baton.e2e.support.SuiteExtension;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A worker killed (SIGKILL, as a crash) in the middle of a load: every request still ends answered, served by
 * another worker or refused with a reason, none hangs or is lost; the survivors keep serving; the scheduler evicts
 * the dead worker. The worker killed is an extra one started for this test, so the suite's own two stay for the rest.
 */
@ExtendWith(SuiteExtension.class)
class WorkerLossIT {
    static final int EXTRA = 9;
    static final double RATE = 40, SECONDS = 6, KILL_AT = 2;
    static E2eSuite e2e;

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
    }

    record Sent(double atSeconds, CompletableFuture<JsonHttp.Response> answer) {}

    @Test
    void everyRequestEndsAnsweredWhenAWorkerDiesMidLoad() throws Exception {
        ServiceProcess extra = e2e.suite().startWorker(EXTRA, FreePorts.take(1).get(0));
        try {
            killAWorkerUnderLoad(extra);
        } finally {
            e2e.suite().forget(extra); // the suite's own processes are what the other tests see
        }
    }

    private void killAWorkerUnderLoad(ServiceProcess extra) throws Exception {
        List<String> ids = new ArrayList<>(e2e.suite().workerDeviceIds());
        ids.add(Suite.deviceId(EXTRA));
        e2e.suite().awaitWorkersLive(ids, Duration.ofSeconds(30));

        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        Oip oip = new Oip(e2e);
        List<Sent> sent = new ArrayList<>();
        long start = System.nanoTime();
        boolean killed = false;
        for (int i = 0; i < RATE * SECONDS; i++) {
            long due = start + (long) (i / RATE * 1e9);
            while (System.nanoTime() < due) Thread.sleep(1);
            if (!killed && i / RATE >= KILL_AT) {
                extra.kill();
                killed = true;
            }
            HttpRequest request = HttpRequest.newBuilder(e2e.suite().gateway().resolve("/v2/models/fashion-single/infer"))
                    .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JsonHttp.JSON.writeValueAsString(oip.request(i % e2e.validation().size(), 1))))
                    .build();
            // An exception (timeout, broken connection) is kept as status 0: unanswered.
            sent.add(new Sent(i / RATE, client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .handle((r, e) -> e != null ? new JsonHttp.Response(0, String.valueOf(e)) : new JsonHttp.Response(r.statusCode(), r.body()))));
        }
        assertThat(killed).isTrue();

        int served = 0, refused = 0, servedAfterKill = 0;
        for (Sent s : sent) {
            JsonHttp.Response r = s.answer().get();
            assertThat(r.status()).as("request at %.2f s got an answer: %s", s.atSeconds(), r.body()).isNotZero();
            if (r.status() == 200) {
                Oip.probabilities(r, "fashion-single", 1);
                served++;
                if (s.atSeconds() > KILL_AT + 1) servedAfterKill++;
            } else {
                Oip.refusal(r);
                refused++;
            }
        }
        assertThat(served + refused).isEqualTo(sent.size());
        assertThat(servedAfterKill).as("the surviving workers serve after the kill").isPositive();

        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String state = "";
        while (System.nanoTime() < end) {
            JsonNode w = e2e.http().get(e2e.suite().scheduler().resolve("/internal/v1/workers/" + Suite.deviceId(EXTRA))).json();
            state = w.path("state").asText();
            if (state.equals("EVICTED")) break;
            Thread.sleep(200);
        }
        assertThat(state).as("the scheduler evicts the killed worker").isEqualTo("EVICTED");
    }
}
