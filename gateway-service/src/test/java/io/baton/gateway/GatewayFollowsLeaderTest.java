package io.baton.gateway;

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
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;

import io.baton.gateway.grpc.OipGrpcServer;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.InferTensorContents;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;

/**
 * A gateway given two schedulers follows whichever leads, without a restart, over REST and gRPC: a standby's 503
 * {@code not-leader} sends the request to the leader it names, a scheduler that is gone to the other, and a request
 * no scheduler takes is refused with the reason, never left unanswered.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GatewayFollowsLeaderTest {

    static final StubRegistry REGISTRY = new StubRegistry();
    static final StubScheduler A = new StubScheduler();
    static final StubScheduler B = new StubScheduler();
    static final ObjectMapper JSON = new ObjectMapper();

    static {
        String x = spec("x", "FP32", "[-1,4]"), p = spec("probs", "FP32", "[-1,2]");
        REGISTRY.application("app", application("app", "single", "{}", 10_000, x, p, variant("m", 0, x, p)));
        for (StubScheduler s : List.of(A, B)) {
            s.application("app", "single", Map.of("m", new StubScheduler.Model(List.of("x"), List.of("probs"),
                    in -> Map.of("probs", new double[] {1, 2}))));
        }
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        properties.add("baton.gateway.registry-url", REGISTRY::url);
        properties.add("baton.gateway.scheduler-url", () -> A.url() + "," + B.url() + "/");
    }

    @AfterAll
    static void close() {
        REGISTRY.close();
        A.close();
        B.close();
    }

    @LocalServerPort
    int port;

    @Autowired
    OipGrpcServer grpc;

    final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<String> infer() throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/models/app/infer"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\","
                                + "\"shape\":[1,4],\"data\":[1,2,3,4]}]}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    ModelInferResponse inferGrpc() throws InterruptedException {
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", grpc.port()).usePlaintext().build();
        try {
            ModelInferRequest.Builder r = ModelInferRequest.newBuilder().setModelName("app");
            r.addInputsBuilder().setName("x").setDatatype("FP32").addAllShape(List.of(1L, 4L))
                    .setContents(InferTensorContents.newBuilder().addAllFp32Contents(List.of(1f, 2f, 3f, 4f)));
            return GRPCInferenceServiceGrpc.newBlockingStub(channel).withDeadlineAfter(20, TimeUnit.SECONDS)
                    .modelInfer(r.build());
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    @Order(1)
    void aStandbyNamingTheLeaderSendsTheRequestThereOverRestAndGrpc() throws Exception {
        A.standbyFor = B.url();
        B.standbyFor = null;
        HttpResponse<String> r = infer();
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(B.callsFor("app")).hasSize(1);
        assertThat(A.callsFor("app")).isEmpty();
        assertThat(inferGrpc().getModelName()).isEqualTo("app");
        assertThat(B.callsFor("app")).hasSize(2);
        assertThat(A.callsFor("app")).as("the gateway stays with the leader").isEmpty();
    }

    @Test
    @Order(2)
    void whenLeadershipMovesBackTheGatewayFollowsWithoutARestart() throws Exception {
        A.standbyFor = null;
        B.standbyFor = A.url();
        assertThat(inferGrpc().getModelName()).isEqualTo("app");
        assertThat(A.callsFor("app")).hasSize(1);
        HttpResponse<String> r = infer();
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(A.callsFor("app")).hasSize(2);
    }

    @Test
    @Order(3)
    void withNoLeaderTheRequestIsRefusedWithTheReason() throws Exception {
        A.standbyFor = "";
        B.standbyFor = "";
        HttpResponse<String> r = infer();
        assertThat(r.statusCode()).isEqualTo(503);
        JsonNode error = JSON.readTree(r.body());
        assertThat(error.get("error").asText()).contains("no scheduler leads");
        StatusRuntimeException refused = org.assertj.core.api.Assertions.catchThrowableOfType(this::inferGrpc,
                StatusRuntimeException.class);
        assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(refused.getStatus().getDescription()).contains("no scheduler leads");
    }

    @Test
    @Order(4)
    void aLeaderThatIsGoneIsLeftForTheOther() throws Exception {
        A.standbyFor = null;
        B.standbyFor = null;
        assertThat(infer().statusCode()).isEqualTo(200); // whichever the gateway holds now
        A.close(); // the leader's process is gone: connections refused
        B.standbyFor = null;
        int before = B.callsFor("app").size();
        HttpResponse<String> r = infer();
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(inferGrpc().getModelName()).isEqualTo("app");
        assertThat(B.callsFor("app").size()).isGreaterThanOrEqualTo(before + 2);
    }

    @Test
    @Order(5)
    void theGapBetweenALeadersLossAndTheTakeOverDoesNotOpenTheBreaker() throws Exception {
        B.standbyFor = A.url(); // A is gone, and B still names it: its lease has not lapsed yet
        for (int i = 0; i < 30; i++) {
            HttpResponse<String> r = infer();
            assertThat(r.statusCode()).isEqualTo(503);
            assertThat(JSON.readTree(r.body()).get("error").asText()).as(r.body()).contains("no scheduler leads");
        }
        B.standbyFor = null; // B takes over
        HttpResponse<String> r = infer();
        assertThat(r.statusCode()).as("served at once, no open breaker: %s", r.body()).isEqualTo(200);
    }
}
