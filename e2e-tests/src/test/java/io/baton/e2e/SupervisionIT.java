package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.RestartPolicy;
import io.baton.cli.suite.ServiceProcess;
import io.baton.cli.suite.Suite;
import io.baton.cli.suite.Supervisor;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.FreePorts;
import io.baton.e2e.support.Oip;
import io.baton.e2e.support.SuiteExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What {@code bin/baton up} does when a service dies on its own, with the {@link Supervisor} it runs: a worker killed
 * with SIGKILL is started again on its port with its device id, registers with the scheduler again and serves, and
 * reports {@code baton_service_restarts 1}; a worker that cannot start is given up after five exits. Both are extra
 * workers started for these tests (the suite's own two stay for the rest), supervised by a supervisor of their own
 * with a short back-off.
 */
@ExtendWith(SuiteExtension.class)
class SupervisionIT {
    static final int RESTARTED = 10, CRASHING = 11;
    /** The standard give-up rule (5 exits within 5 minutes), with a back-off of 200 ms doubling to 1 s. */
    static final RestartPolicy FAST = new RestartPolicy(Duration.ofMillis(200), Duration.ofSeconds(1), Duration.ofSeconds(60), 5,
            Duration.ofMinutes(5));
    static final Pattern RESTARTS = Pattern.compile("(?m)^baton_service_restarts(?:\\{[^}]*})? (\\S+)$");
    static final Pattern BATCHES = Pattern.compile("(?m)^baton_worker_batch_size_count(?:\\{[^}]*})? (\\S+)$");
    static E2eSuite e2e;

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
    }

    @Test
    void everyServiceReportsHowOftenItWasRestarted() {
        for (ServiceProcess p : e2e.suite().processes()) {
            URI metrics = p.name().equals("gateway") ? e2e.suite().gatewayManagement() : p.url();
            assertThat(restarts(metrics)).as("baton_service_restarts of %s", p.name()).isEqualTo(0);
        }
    }

    @Test
    void aKilledWorkerIsRestartedOnItsPortRegistersAgainAndServes() throws Exception {
        Suite suite = e2e.suite();
        String name = Suite.workerName(RESTARTED), id = Suite.deviceId(RESTARTED);
        ServiceProcess first = suite.startWorker(RESTARTED, FreePorts.take(1).get(0));
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        Supervisor supervisor = new Supervisor(suite, new PrintStream(said, true, StandardCharsets.UTF_8), FAST, Clock.systemUTC());
        try {
            supervisor.supervise(first);
            List<String> ids = new ArrayList<>(suite.workerDeviceIds());
            ids.add(id);
            suite.awaitWorkersLive(ids, Duration.ofSeconds(60));
            assertThat(restarts(first.url())).as("a first start").isEqualTo(0);

            first.kill(); // SIGKILL, as a crash
            await("the supervisor starts " + name + " again", () -> supervisor.current(name) != first);
            ServiceProcess again = supervisor.current(name);
            assertThat(again.url()).as("the same port").isEqualTo(first.url());
            assertThat(again.pid()).isNotEqualTo(first.pid());
            assertThat(suite.workers()).contains(again).doesNotContain(first);
            assertThat(said.toString(StandardCharsets.UTF_8))
                    .contains(name + " killed by SIGKILL (137); restarting it in 200 ms (restart 1)");
            assertThat(supervisor.lastCause(name)).hasValueSatisfying(c -> assertThat(c.signal()).isEqualTo("SIGKILL"));

            again.awaitHealthy(e2e.http(), Duration.ofMinutes(2));
            suite.awaitWorkersLive(List.of(id), Duration.ofSeconds(60));
            JsonNode listed = worker(id);
            assertThat(listed.path("state").asText()).isEqualTo("LIVE");
            assertThat(listed.path("url").asText()).as("registered again from its own address").isEqualTo(again.url().toString());
            assertThat(restarts(again.url())).as("baton_service_restarts of the restarted worker").isEqualTo(1);
            assertThat(servesUnderLoad(again)).as("the restarted worker runs batches of requests sent to the gateway").isTrue();
            assertThat(supervisor.restarts(name)).isEqualTo(1);
            assertThat(supervisor.givenUp()).isEmpty();
        } finally {
            supervisor.close();
            suite.forget(supervisor.current(name)); // the suite's own processes are what the other tests see
        }
    }

    @Test
    void aWorkerThatCannotStartIsGivenUpAfterFiveExits() throws Exception {
        Suite suite = e2e.suite();
        String name = Suite.workerName(CRASHING);
        // a setting the worker refuses at start (at least 1 batch at a time)
        ServiceProcess doomed = suite.launchWorker(CRASHING, FreePorts.take(1).get(0), List.of("--baton.worker.max-concurrent-batches=0"));
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        Supervisor supervisor = new Supervisor(suite, new PrintStream(said, true, StandardCharsets.UTF_8), FAST, Clock.systemUTC());
        try {
            supervisor.supervise(doomed);
            Optional<String> unservable = CompletableFuture.supplyAsync(supervisor::awaitUnservable).get(5, TimeUnit.MINUTES);

            assertThat(supervisor.givenUp()).containsExactly(name);
            assertThat(supervisor.restarts(name)).as("started 5 times: 4 restarts").isEqualTo(4);
            assertThat(supervisor.current(name).isAlive()).isFalse();
            // the only worker this supervisor watches: without it, it knows of no worker left to serve
            assertThat(unservable).hasValue(name + " was given up, so nothing can be served");
            String out = said.toString(StandardCharsets.UTF_8);
            String reason = "exited with status 1: Reason: must be greater than or equal to 1";
            assertThat(out).contains(name + " " + reason + "; restarting it in 200 ms (restart 1)")
                    .contains(name + " " + reason + "; restarting it in 1 s (restart 4)")
                    .contains(name + " given up: 5 exits within 5 min, the last " + reason + " (its log: " + doomed.log() + ")");
            assertThat(out.lines().filter(l -> l.contains("given up"))).as("one line says so").hasSize(1);
            String log = Files.readString(doomed.log());
            assertThat(log.split("APPLICATION FAILED TO START", -1)).as("every start's output is kept in the log").hasSize(6);
        } finally {
            supervisor.close();
            suite.forget(supervisor.current(name));
        }
    }

    /** Sends bursts of requests to the gateway until the worker has run a batch (true), for at most a minute. */
    private boolean servesUnderLoad(ServiceProcess worker) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        Oip oip = new Oip(e2e);
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        int i = 0;
        while (System.nanoTime() < end) {
            List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
            for (int k = 0; k < 12; k++, i++) {
                HttpRequest request = HttpRequest.newBuilder(e2e.suite().gateway().resolve("/v2/models/fashion-single/infer"))
                        .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JsonHttp.JSON.writeValueAsString(oip.request(i % e2e.validation().size(), 1))))
                        .build();
                burst.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> answer : burst) {
                HttpResponse<String> r = answer.get();
                JsonHttp.Response response = new JsonHttp.Response(r.statusCode(), r.body());
                if (r.statusCode() == 200) Oip.probabilities(response, "fashion-single", 1);
                else Oip.refusal(response); // refused with its reason, as a full queue may be
            }
            if (value(BATCHES, scrape(worker.url())) > 0) return true;
        }
        return false;
    }

    private JsonNode worker(String id) {
        JsonHttp.Response r = e2e.http().get(e2e.suite().scheduler().resolve("/internal/v1/workers/" + id));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    private static int restarts(URI service) {
        return (int) value(RESTARTS, scrape(service));
    }

    private static String scrape(URI service) {
        JsonHttp.Response r = e2e.http().get(service.resolve("/actuator/prometheus"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.body();
    }

    private static double value(Pattern series, String scrape) {
        Matcher m = series.matcher(scrape);
        return m.find() ? Double.parseDouble(m.group(1)) : -1;
    }

    private static void await(String what, BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what + " within 60 s").isLessThan(end);
            Thread.sleep(100);
        }
    }
}
