package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.ServiceProcess;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.Oip;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two schedulers, real processes on PostgreSQL, electing their leader through the registry's lease: the leader is
 * killed (SIGKILL) under a light load; the standby takes the lease, the gateway follows it without a restart, and
 * requests are served again within 5 s; every request ends answered (200, or a refusal with its reason), none is
 * left hanging. A suite of its own: the shared suite's single scheduler stays for the other tests.
 */
class SchedulerFailoverIT {
    static final double RATE = 20, SECONDS = 14, KILL_AT = 4;
    /** The promise: the standby serves within this of the leader's loss (lease ttl 3 s, renewals every second). */
    static final double TAKEOVER_SECONDS = 5;
    static E2eSuite e2e;

    record Sent(double atSeconds, CompletableFuture<JsonHttp.Response> answer) {}

    @BeforeAll
    static void start() throws Exception {
        e2e = E2eSuite.startOwn(2);
    }

    @AfterAll
    static void stop() {
        if (e2e != null) e2e.close();
    }

    /** The scheduler that leads, once one does: its URL, as both schedulers agree. */
    private URI leader() throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            List<String> views = new ArrayList<>();
            URI leading = null;
            for (URI s : e2e.suite().schedulers()) {
                JsonNode state = null;
                try {
                    JsonHttp.Response r = e2e.http().get(s.resolve("/internal/v1/leader"));
                    state = r.status() == 200 ? r.json() : null;
                    views.add(s + ": " + r.status() + " " + r.body());
                } catch (RuntimeException down) { // a killed scheduler does not answer
                    views.add(s + ": " + down.getMessage());
                }
                if (state != null && state.path("leading").asBoolean()) {
                    assertThat(leading).as("two schedulers lead at once: %s", views).isNull();
                    leading = s;
                }
            }
            if (leading != null) return leading;
            assertThat(System.nanoTime()).as("a scheduler leads: %s", views).isLessThan(end);
            Thread.sleep(200);
        }
    }

    private void awaitWorkersLiveOn(URI scheduler) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            JsonHttp.Response r = e2e.http().get(scheduler.resolve("/internal/v1/workers"));
            long live = 0;
            if (r.status() == 200) for (JsonNode w : r.json()) if ("LIVE".equals(w.path("state").asText())) live++;
            if (live == E2eSuite.WORKERS) return;
            assertThat(System.nanoTime()).as("%s lists every worker as live: %s", scheduler, r.body()).isLessThan(end);
            Thread.sleep(200);
        }
    }

    @Test
    void theStandbyTakesOverWithin5sWhenTheLeaderIsKilledAndNoRequestIsLeftUnanswered() throws Exception {
        assertThat(e2e.suite().schedulers()).hasSize(2);
        URI first = leader();
        for (URI s : e2e.suite().schedulers()) awaitWorkersLiveOn(s); // the standby knows the workers too
        Oip oip = new Oip(e2e);
        long warm = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        JsonHttp.Response w;
        do { // the first requests load the model on the workers
            w = oip.infer("fashion-single", 0, 1);
        } while (w.status() != 200 && System.nanoTime() < warm);
        Oip.probabilities(w, "fashion-single", 1);

        ServiceProcess leaderProcess = e2e.suite().processes().stream()
                .filter(p -> p.url().toString().replaceAll("/+$", "").equals(first.toString().replaceAll("/+$", "")))
                .findFirst().orElseThrow(() -> new AssertionError("no process serves " + first));

        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<Sent> sent = new ArrayList<>();
        long start = System.nanoTime();
        double killedAt = -1;
        for (int i = 0; i < RATE * SECONDS; i++) {
            long due = start + (long) (i / RATE * 1e9);
            while (System.nanoTime() < due) Thread.sleep(1);
            if (killedAt < 0 && i / RATE >= KILL_AT) {
                leaderProcess.kill();
                killedAt = (System.nanoTime() - start) / 1e9;
            }
            HttpRequest request = HttpRequest.newBuilder(e2e.suite().gateway().resolve("/v2/models/fashion-single/infer"))
                    .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JsonHttp.JSON.writeValueAsString(
                            oip.request(i % e2e.validation().size(), 1))))
                    .build();
            // an exception (a timeout, a broken connection) is kept as status 0: unanswered
            sent.add(new Sent((System.nanoTime() - start) / 1e9, client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .handle((r, e) -> e != null ? new JsonHttp.Response(0, String.valueOf(e))
                            : new JsonHttp.Response(r.statusCode(), r.body()))));
        }
        assertThat(killedAt).isPositive();

        int served = 0, refused = 0;
        double firstServedAfterKill = -1;
        List<String> reasons = new ArrayList<>();
        for (Sent s : sent) {
            JsonHttp.Response r = s.answer().get();
            assertThat(r.status()).as("request at %.2f s got an answer: %s", s.atSeconds(), r.body()).isNotZero();
            if (r.status() == 200) {
                Oip.probabilities(r, "fashion-single", 1);
                served++;
                if (s.atSeconds() > killedAt && firstServedAfterKill < 0) firstServedAfterKill = s.atSeconds();
            } else {
                reasons.add(String.format(Locale.ROOT, "%.2f s: %d %s", s.atSeconds(), r.status(), Oip.refusal(r)));
                refused++;
            }
        }
        double gap = firstServedAfterKill - killedAt;
        e2e.log().printf(Locale.ROOT, "scheduler failover: leader %s killed at %.2f s; first request sent after the kill "
                        + "and served: %.2f s later; %d served, %d refused: %s%n", first, killedAt, gap, served, refused,
                reasons);
        System.out.printf(Locale.ROOT, "scheduler failover: served again %.2f s after the kill; %d served, %d refused%n",
                gap, served, refused);
        assertThat(served + refused).isEqualTo(sent.size());
        assertThat(firstServedAfterKill).as("a request sent after the kill is served").isPositive();
        for (Sent s : sent) {
            if (s.atSeconds() > killedAt + TAKEOVER_SECONDS) {
                assertThat(s.answer().get().status()).as("request at %.2f s, %.1f s after the kill at %.2f s: %s",
                        s.atSeconds(), TAKEOVER_SECONDS, killedAt, s.answer().get().body()).isEqualTo(200);
            }
        }

        URI second = leader();
        assertThat(second).as("the standby leads").isNotEqualTo(first);
    }
}
