package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.baton.core.security.InternalCredentials;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RouteWarmup} against a loopback stand-in of a gateway's two ports (a real HTTP server and a real gRPC server):
 * how many requests each route of each application gets, how many are in flight at once, what travels over gRPC.
 */
class RouteWarmupTest {

    static final int CONCURRENCY = 6;
    static final int MIN = 150;
    /** A tolerance no latencies can miss: each route stops at the minimum count, whatever the machine's noise. */
    static final RouteWarmup.Plan PLAN = new RouteWarmup.Plan(10, 1e9, MIN, CONCURRENCY);
    static final String BODY = "{\"id\":\"example-0\",\"inputs\":[{\"name\":\"input\",\"shape\":[1,2,2],\"datatype\":\"FP32\","
            + "\"data\":[[0.5,1.5],[2.5,-1.0]]}]}";

    /**
     * One route's traffic for one application: requests received, the most in flight at once. The first
     * {@link #CONCURRENCY} are held until all of them have arrived, so a warm-up that sends that many at once is seen
     * to, without any timing.
     */
    static final class Traffic {
        final AtomicInteger received = new AtomicInteger();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        final CountDownLatch firstWave = new CountDownLatch(CONCURRENCY);

        void serve() throws InterruptedException {
            received.incrementAndGet();
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                firstWave.countDown();
                firstWave.await(60, TimeUnit.SECONDS);
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }

    final Map<String, Traffic> rest = new ConcurrentHashMap<>();
    final Map<String, Traffic> grpc = new ConcurrentHashMap<>();
    final AtomicReference<ModelInferRequest> lastGrpc = new AtomicReference<>();
    /** Applications whose gRPC requests are refused as bad input. */
    final Set<String> refusedOverGrpc = ConcurrentHashMap.newKeySet();
    HttpServer http;
    Server grpcServer;

    @BeforeEach
    void start() throws IOException {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        http.setExecutor(Executors.newCachedThreadPool());
        http.createContext("/v2/models/", this::handle);
        http.start();
        grpcServer = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(new Gateway()).build().start();
    }

    @AfterEach
    void stop() throws InterruptedException {
        http.stop(0);
        grpcServer.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }

    private void handle(HttpExchange ex) throws IOException {
        String app = ex.getRequestURI().getPath().split("/")[3];
        ex.getRequestBody().readAllBytes();
        try {
            rest.computeIfAbsent(app, a -> new Traffic()).serve();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        byte[] answer = "{\"outputs\":[]}".getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(200, answer.length);
        ex.getResponseBody().write(answer);
        ex.close();
    }

    final class Gateway extends GRPCInferenceServiceGrpc.GRPCInferenceServiceImplBase {
        @Override
        public void modelInfer(ModelInferRequest request, StreamObserver<ModelInferResponse> answer) {
            lastGrpc.set(request);
            if (refusedOverGrpc.contains(request.getModelName())) {
                answer.onError(Status.INVALID_ARGUMENT.withDescription("input input: no such input").asRuntimeException());
                return;
            }
            try {
                grpc.computeIfAbsent(request.getModelName(), a -> new Traffic()).serve();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            answer.onNext(ModelInferResponse.newBuilder().setModelName(request.getModelName()).build());
            answer.onCompleted();
        }
    }

    private URI restUrl() {
        return URI.create("http://127.0.0.1:" + http.getAddress().getPort());
    }

    private static JsonHttp client() {
        return new JsonHttp(Duration.ofSeconds(30), InternalCredentials.none());
    }

    @Test
    void eachApplicationIsWarmedOverRestThenGrpcToTheMinimumWithTheWholeConcurrencyInFlight() {
        Map<String, String> requests = new LinkedHashMap<>();
        requests.put("fashion-single", BODY);
        requests.put("fashion-ensemble", BODY);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        Map<String, RouteWarmup.Warmed> warmed = RouteWarmup.warm(client(), restUrl(), grpcServer.getPort(), requests,
                Duration.ofMinutes(10), PLAN, new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(warmed).containsOnlyKeys("fashion-single", "fashion-ensemble");
        for (String app : requests.keySet()) {
            RouteWarmup.Warmed w = warmed.get(app);
            assertThat(w.rest().settled()).as("%s over REST: %s", app, w.rest().describe()).isTrue();
            assertThat(w.grpc().settled()).as("%s over gRPC: %s", app, w.grpc().describe()).isTrue();
            assertThat(w.rest().served()).isGreaterThanOrEqualTo(MIN);
            assertThat(w.grpc().served()).isGreaterThanOrEqualTo(MIN);
            // closed loop: every request sent is answered before the loop ends, and none failed
            assertThat(rest.get(app).received.get()).isEqualTo(w.rest().served());
            assertThat(grpc.get(app).received.get()).isEqualTo(w.grpc().served());
            assertThat(w.served()).isEqualTo(w.rest().served() + w.grpc().served());
            assertThat(rest.get(app).maxInFlight.get()).as("%s: in flight at once over REST", app).isEqualTo(CONCURRENCY);
            assertThat(grpc.get(app).maxInFlight.get()).as("%s: in flight at once over gRPC", app).isEqualTo(CONCURRENCY);
        }
        String out = printed.toString(StandardCharsets.UTF_8);
        assertThat(out).containsSubsequence("fashion-single     REST settled after", "fashion-single     gRPC settled after",
                "fashion-ensemble   REST settled after", "fashion-ensemble   gRPC settled after");

        ModelInferRequest sent = lastGrpc.get();
        assertThat(sent.getModelName()).isEqualTo("fashion-ensemble");
        assertThat(sent.getInputs(0).getName()).isEqualTo("input");
        assertThat(sent.getInputs(0).getDatatype()).isEqualTo("FP32");
        assertThat(sent.getInputs(0).getShapeList()).containsExactly(1L, 2L, 2L);
        ByteBuffer raw = sent.getRawInputContents(0).asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        assertThat(new float[] {raw.getFloat(), raw.getFloat(), raw.getFloat(), raw.getFloat()})
                .containsExactly(0.5f, 1.5f, 2.5f, -1.0f);
    }

    @Test
    void withoutAGrpcPortOnlyRestIsWarmed() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Map<String, RouteWarmup.Warmed> warmed = RouteWarmup.warm(client(), restUrl(), 0, Map.of("fashion-single", BODY),
                Duration.ofMinutes(10), PLAN, new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(warmed.get("fashion-single").grpc()).isNull();
        assertThat(warmed.get("fashion-single").served()).isGreaterThanOrEqualTo(MIN);
        assertThat(grpc).isEmpty();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("REST settled").doesNotContain("gRPC");
    }

    @Test
    void aRequestTheGrpcRouteRefusesOrThatHasNoRawFormEndsOnlyThatRoutesWarmupWithItsReason() {
        Map<String, String> requests = new LinkedHashMap<>();
        requests.put("refused", BODY);
        requests.put("half", BODY.replace("FP32", "FP16"));
        refusedOverGrpc.add("refused");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        Map<String, RouteWarmup.Warmed> warmed = RouteWarmup.warm(client(), restUrl(), grpcServer.getPort(), requests,
                Duration.ofMinutes(10), PLAN, new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(warmed.get("refused").rest().settled()).isTrue();
        assertThat(warmed.get("refused").grpc().reason())
                .isEqualTo("abandoned: the example request was refused: INVALID_ARGUMENT input input: no such input");
        assertThat(warmed.get("half").rest().settled()).isTrue();
        assertThat(warmed.get("half").grpc()).isNull();
        assertThat(grpc).doesNotContainKey("half");
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("refused            gRPC abandoned: the example request was refused: INVALID_ARGUMENT")
                .contains("half               gRPC not warmed: input input is FP16");
    }

    @Test
    void noTimeLeftWarmsNothingAndSaysSo() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Map<String, RouteWarmup.Warmed> warmed = RouteWarmup.warm(client(), restUrl(), grpcServer.getPort(),
                Map.of("fashion-single", BODY), Duration.ZERO, PLAN, new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(warmed).isEmpty();
        assertThat(rest).isEmpty();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("fashion-single     not warmed: the warm-up's bound of 0 s passed");
    }

    @Test
    void upsPlanReachesTheC2ThresholdsWithBatchesPossible() {
        RouteWarmup.Plan plan = RouteWarmup.Plan.DEFAULT;
        // five applications (three demo, two published) over two routes: 2 × 10^4 requests through each gateway
        assertThat(5 * 2 * plan.minRequests()).isEqualTo(20_000);
        assertThat(plan.concurrency()).isBetween(16, 32);
        assertThat(plan.rule().needed()).isEqualTo(plan.minRequests());
    }
}
