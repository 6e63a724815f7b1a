package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * Admission control through real HTTP: past the cap on requests in flight the excess is refused at once (503 with
 * {@code Retry-After} and a message that says why), before the scheduler is asked; an application whose requests
 * time out gets a lower limit, and another application keeps its own; answers served a little late lower nothing.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.admission.max-in-flight=6", "baton.gateway.admission.min-in-flight=2",
        "baton.gateway.resilience.deadline-margin=300ms"})
@AutoConfigureObservability(tracing = false) // the limit is read from /actuator/prometheus, off in tests unless asked
class GatewayAdmissionHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();
    static final String BODY = "{\"inputs\":[{\"name\":\"x\",\"shape\":[1,2],\"datatype\":\"FP32\",\"data\":[1,2]}]}";

    static {
        String x = Apps.spec("x", "FP32", "[-1,2]"), y = Apps.spec("y", "FP32", "[-1,1]");
        StubScheduler.Model sum = new StubScheduler.Model(List.of("x"), List.of("y"),
                in -> Map.of("y", new double[] {in.get("x")[0] + in.get("x")[1]}));
        // "held": answers in time, slowly, so that a burst is in flight at once; "late": no answer within its SLO
        // and the time limiter's margin (300 ms here: 504); "near": served after its SLO but within the margin (200);
        // "steady": a second application, answering in time
        for (String app : List.of("held", "late", "near", "steady")) {
            double sloMs = app.equals("late") || app.equals("near") ? 50 : 5_000;
            REGISTRY.application(app, Apps.application(app, "single", "{}", sloMs, x, y, Apps.variant("m", 0, x, y)));
            SCHEDULER.application(app, "single", Map.of("m", sum));
        }
        SCHEDULER.delay("held", 400).delay("late", 450).delay("near", 100).delay("steady", 100);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    /** actuator's info and prometheus are served on the management port only */
    @org.springframework.beans.factory.annotation.Autowired
    io.baton.gateway.edge.ManagementConnector management;

    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void pastTheCapTheExcessIsRefusedAtOnceAndNeverReachesTheScheduler() {
        int before = SCHEDULER.callsFor("held").size();
        List<HttpResponse<String>> answers = burst("held", 10);
        List<HttpResponse<String>> refused = answers.stream().filter(r -> r.statusCode() == 503).toList();
        assertThat(answers.stream().filter(r -> r.statusCode() == 200)).hasSize(6);
        assertThat(refused).hasSize(4).allSatisfy(r -> {
            assertThat(r.headers().firstValue("Retry-After")).contains("1");
            assertThat(r.body()).contains("request refused").contains("in flight")
                    .contains("baton.gateway.admission.max-in-flight");
        });
        assertThat(SCHEDULER.callsFor("held").size() - before).isEqualTo(6);
        assertThat(prometheus()).containsPattern("baton_gateway_errors_total\\{[^}]*app=\"held\"[^}]*reason=\"overloaded\"");
    }

    @Test
    void timeOutsLowerTheirApplicationsLimitAndNoOneElses() throws Exception {
        // rounds of 6 at once (the limit), each a 504 at 350 ms (the SLO of 50 ms plus the margin): after one window
        // (≥ 50 ms, ≥ 20 answers, i.e. in the 4th round) the limit falls by a tenth, to 5, and then refuses one a round
        for (int round = 0; round < 5; round++) {
            assertThat(burst("late", 6)).allSatisfy(r -> assertThat(r.statusCode()).isIn(504, 503));
        }
        assertThat(limit("late")).isEqualTo(5);
        List<HttpResponse<String>> next = burst("late", 6);
        assertThat(next.stream().filter(r -> r.statusCode() == 503)).isNotEmpty().allSatisfy(r ->
                assertThat(JSON.readTree(r.body()).get("error").asText())
                        .isEqualTo("request refused: model 'late' has " + limit("late") + " requests in flight, as "
                                + "many as it can answer within their deadlines now; retry shortly"));
        // the other application still gets its 6 at once
        assertThat(burst("steady", 6)).allSatisfy(r -> assertThat(r.statusCode()).as(r.body()).isEqualTo(200));
        assertThat(limit("steady")).isEqualTo(6);
    }

    @Test
    void answersServedALittleLateLowerNothing() {
        // a policy that batches just in time (symphony) serves some requests just past their deadlines at any load
        for (int round = 0; round < 5; round++) {
            assertThat(burst("near", 6)).allSatisfy(r -> assertThat(r.statusCode()).as(r.body()).isEqualTo(200));
        }
        assertThat(limit("near")).isEqualTo(6);
    }

    /** {@code n} requests sent at once, each on its own connection; their answers in the order sent. */
    private List<HttpResponse<String>> burst(String app, int n) {
        List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            sent.add(http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/models/" + app
                            + "/infer")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(BODY)).build(), HttpResponse.BodyHandlers.ofString()));
        }
        return sent.stream().map(CompletableFuture::join).toList();
    }

    private int limit(String app) {
        Matcher m = Pattern.compile("baton_gateway_admission_limit\\{[^}]*app=\"" + app + "\"[^}]*} ([0-9.]+)")
                .matcher(prometheus());
        assertThat(m.find()).as("the limit gauge of " + app).isTrue();
        return (int) Double.parseDouble(m.group(1));
    }

    private String prometheus() {
        try {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management.port() + "/actuator/prometheus"))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
