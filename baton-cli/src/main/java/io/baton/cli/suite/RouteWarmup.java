package io.baton.cli.suite;

import io.baton.core.warmup.SettleRule;
import io.baton.core.warmup.WarmupLoop;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.ModelInferRequest;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Warms each application's route through one gateway after {@code bin/baton up} has registered it, over both of the
 * gateway's Open Inference Protocol routes: REST, then gRPC ({@code ModelInfer} with the same request's values in
 * {@code raw_input_contents}, as {@code bench live --protocol grpc} sends them). Each route gets the application's
 * example request, {@link Plan#concurrency()} at a time, until scheduling-core's {@link SettleRule} says its latency
 * has settled and at least {@link Plan#minRequests()} have been served; every application within one bound, each given
 * its share of what is left, and each route half of its application's share (gRPC whatever REST left).
 *
 * <p>Why by count as well as by latency: HotSpot compiles a method with C2, its fastest tier, only after about 5,000
 * invocations (15,000 counting loop iterations; fewer with the suite's {@code -XX:CompileThresholdScaling}, see
 * {@link JvmOptions}), and until then runs it C1-compiled with profiling, the slowest compiled tier. Latency settles
 * on that tier long before C2 arrives: a warm-up that stops when it settles leaves the first load test to pay for the
 * C2 compilations, with the compiler threads taking cores from serving. Why so many in flight: with one at a time the
 * scheduler never forms a batch larger than 1, and the paths of larger batches (on the scheduler and on the workers)
 * would stay cold. Why both routes: each has its own decoding and encoding in the gateway.
 *
 * <p>The gateway warms its routes itself when it starts, but on a first {@code up} nothing is registered then; this is
 * the warm-up of what {@code up} registered, so that the first load test after "Baton is up" meets a warm suite
 * (JIT-compiled gateway, scheduler and workers, models loaded). Its requests are user traffic to the services: they
 * count in the metrics like any request.
 */
public final class RouteWarmup {

    /**
     * How each route is warmed.
     *
     * @param window      answers per window of the settle rule
     * @param tolerance   how close (a fraction) the last window's median latency must be to the one before
     * @param minRequests answers per route and application before it can count as warm
     * @param concurrency requests in flight at once (closed loop)
     */
    public record Plan(int window, double tolerance, int minRequests, int concurrency) {

        /**
         * What {@code up} does: 2,000 answers per route and application, 16 in flight. With the five demo and
         * published applications that is 20,000 requests per gateway (time permitting): 10,000 through each of its
         * routes, twice the 5,000 invocations after which a once-per-request method is compiled with C2 even without
         * {@link JvmOptions#EARLY_C2}, and more through the scheduler and workers, which every route and gateway
         * shares. 16 in flight lets the scheduler form batches of several requests. Windows of 100: with 16 in
         * flight, one of 50 spans only three rounds.
         */
        public static final Plan DEFAULT = new Plan(100, 0.10, 2000, 16);

        /**
         * A pass after the first warm-up ({@link CompiledWarmup}): 500 answers per route and application, enough to push
         * the methods the first warm-up left just short of C2 over, and short enough to repeat.
         */
        public static final Plan PASS = new Plan(100, 0.10, 500, 16);

        public Plan {
            if (concurrency < 1) throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        }

        SettleRule rule() {
            return new SettleRule(window, tolerance, minRequests);
        }
    }

    /**
     * How one application's routes were warmed.
     *
     * @param rest its REST route's outcome
     * @param grpc its gRPC route's outcome; null when it was not warmed (no gRPC port, a request that does not convert,
     *             or no time left)
     */
    public record Warmed(WarmupLoop.Outcome rest, WarmupLoop.Outcome grpc) {

        /** Requests served over both routes. */
        public int served() {
            return rest.served() + (grpc == null ? 0 : grpc.served());
        }
    }

    /** A refusal of the request itself: sending it again cannot succeed. */
    static final Set<Status.Code> REFUSED = Set.of(Status.Code.INVALID_ARGUMENT, Status.Code.NOT_FOUND,
            Status.Code.UNIMPLEMENTED, Status.Code.UNAUTHENTICATED, Status.Code.PERMISSION_DENIED);

    /** How long one request may take, on either route. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private RouteWarmup() {}

    /**
     * Warms each application of {@code requests} (name → REST request body) in turn through the gateway at
     * {@code rest} and, when {@code grpcPort} is positive, its gRPC port on the same host, printing one line per
     * application and route. Answers each application's outcome; never throws for an application that cannot be
     * served (its line says why).
     */
    public static Map<String, Warmed> warm(JsonHttp http, URI rest, int grpcPort, Map<String, String> requests, Duration bound,
                                           PrintStream out) {
        return warm(http, rest, grpcPort, requests, bound, Plan.DEFAULT, out);
    }

    /** As {@link #warm(JsonHttp, URI, int, Map, Duration, PrintStream)}, each route warmed as {@code plan} says. */
    public static Map<String, Warmed> warm(JsonHttp http, URI rest, int grpcPort, Map<String, String> requests, Duration bound, Plan plan,
                                           PrintStream out) {
        Map<String, Warmed> outcomes = new LinkedHashMap<>();
        long end = System.nanoTime() + bound.toNanos();
        ManagedChannel channel = grpcPort > 0
                ? NettyChannelBuilder.forAddress(rest.getHost(), grpcPort).usePlaintext().build() : null;
        try {
            int remaining = requests.size();
            for (Map.Entry<String, String> app : requests.entrySet()) {
                String name = app.getKey();
                // each application's fair share of what is left: one that never settles cannot starve those after it
                long share = (end - System.nanoTime()) / remaining--;
                if (share <= 0) {
                    out.printf("  %-18s not warmed: the warm-up's bound of %d s passed%n", name, bound.toSeconds());
                    continue;
                }
                long appEnd = System.nanoTime() + share;
                URI infer = rest.resolve("/v2/models/" + name + "/infer");
                WarmupLoop.Outcome r = WarmupLoop.run(plan.rule(), Duration.ofNanos(channel == null ? share : share / 2),
                        plan.concurrency(), () -> send(http, infer, app.getValue()));
                out.printf("  %-18s REST %s%n", name, r.describe());
                WarmupLoop.Outcome g = channel == null ? null : warmGrpc(channel, name, app.getValue(), appEnd, plan, out);
                outcomes.put(name, new Warmed(r, g));
            }
        } finally {
            if (channel != null) channel.shutdownNow();
        }
        out.flush();
        return outcomes;
    }

    private static WarmupLoop.Outcome warmGrpc(ManagedChannel channel, String name, String body, long end, Plan plan, PrintStream out) {
        ModelInferRequest request;
        try {
            request = GrpcInferRequest.of(name, body);
        } catch (IllegalArgumentException e) {
            out.printf("  %-18s gRPC not warmed: %s%n", name, e.getMessage());
            return null;
        }
        long left = end - System.nanoTime();
        if (left <= 0) {
            out.printf("  %-18s gRPC not warmed: its share of the warm-up's bound passed over REST%n", name);
            return null;
        }
        GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub stub = GRPCInferenceServiceGrpc.newBlockingStub(channel);
        WarmupLoop.Outcome g = WarmupLoop.run(plan.rule(), Duration.ofNanos(left), plan.concurrency(), () -> send(stub, request));
        out.printf("  %-18s gRPC %s%n", name, g.describe());
        return g;
    }

    /** One request: an answer of 200 is served; a refusal of the request itself abandons; anything else is retried. */
    static void send(JsonHttp http, URI infer, String body) {
        JsonHttp.Response r = http.post(infer, body);
        if (r.status() == 200) return;
        if (r.status() >= 400 && r.status() < 500 && r.status() != 408 && r.status() != 429) {
            throw new WarmupLoop.Abandon("the example request was refused: " + r.status() + " " + r.reason());
        }
        throw new IllegalStateException(r.status() + " " + r.reason());
    }

    /** The same over gRPC: a status of {@link #REFUSED} abandons; any other failure (overloaded, out of time) is retried. */
    static void send(GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub stub, ModelInferRequest request) {
        try {
            stub.withDeadlineAfter(REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).modelInfer(request);
        } catch (StatusRuntimeException e) {
            Status s = e.getStatus();
            String what = s.getCode() + (s.getDescription() == null ? "" : " " + s.getDescription());
            if (REFUSED.contains(s.getCode())) throw new WarmupLoop.Abandon("the example request was refused: " + what);
            throw new IllegalStateException(what, e);
        }
    }
}
