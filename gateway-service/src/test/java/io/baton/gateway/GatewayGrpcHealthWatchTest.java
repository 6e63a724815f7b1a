package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;

import io.baton.gateway.grpc.OipGrpcServer;
import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * The health service's Watch on the gateway's real gRPC port with a generated client: the current status at once,
 * changes pushed when the scheduler's readiness changes (polled every 100 ms here), SERVICE_UNKNOWN for another
 * service, the cap on watchers (two here), whose places cancelled watchers give back, and no polling while nobody
 * watches.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.grpc.health-watch-interval=100ms",
        "baton.gateway.grpc.health-max-watchers=2"})
class GatewayGrpcHealthWatchTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();

    static {
        Apps.install(REGISTRY, SCHEDULER);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @Autowired
    OipGrpcServer grpc;

    ManagedChannel channel;
    final List<Watch> opened = new ArrayList<>();

    @BeforeEach
    void connect() {
        SCHEDULER.ready = true;
        channel = NettyChannelBuilder.forAddress("127.0.0.1", grpc.port()).usePlaintext().build();
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        opened.forEach(Watch::cancel);
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        SCHEDULER.ready = true;
    }

    @Test
    void watchAnswersAtOnceThenOnlyTheChanges() throws InterruptedException {
        Watch server = watch("");
        assertThat(server.next()).isEqualTo(ServingStatus.SERVING);
        Watch inference = watch("inference.GRPCInferenceService");
        assertThat(inference.next()).isEqualTo(ServingStatus.SERVING);
        // several polls with nothing changed: nothing sent
        assertThat(server.events.poll(500, TimeUnit.MILLISECONDS)).isNull();

        SCHEDULER.ready = false;
        assertThat(server.next()).isEqualTo(ServingStatus.NOT_SERVING);
        assertThat(inference.next()).isEqualTo(ServingStatus.NOT_SERVING);
        SCHEDULER.ready = true;
        assertThat(server.next()).isEqualTo(ServingStatus.SERVING);
        assertThat(inference.next()).isEqualTo(ServingStatus.SERVING);
    }

    @Test
    void anUnknownServiceIsAStatusAndTheStreamStaysOpen() throws InterruptedException {
        Watch unknown = watch("nope");
        assertThat(unknown.next()).isEqualTo(ServingStatus.SERVICE_UNKNOWN);
        SCHEDULER.ready = false;
        // neither an error nor the end of the stream, nor the known services' changes
        assertThat(unknown.events.poll(500, TimeUnit.MILLISECONDS)).isNull();
    }

    @Test
    void pastTheCapAWatchIsRefusedAndACancelledOneFreesItsPlace() throws InterruptedException {
        // watchers of the tests before may still be leaving: retry until both places are this test's
        Watch first = accepted();
        accepted();

        Watch third = watch("");
        Object refusal = third.next();
        assertThat(refusal).isInstanceOf(Status.class);
        assertThat(((Status) refusal).getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(((Status) refusal).getDescription()).contains("health-max-watchers");

        first.cancel();
        assertThat(accepted().events).isEmpty();
    }

    @Test
    void theUpstreamsArePolledOnlyWhileSomebodyWatches() throws InterruptedException {
        Watch w = watch("");
        assertThat(w.next()).isEqualTo(ServingStatus.SERVING);
        int before = SCHEDULER.clientPorts.size();
        Thread.sleep(600);
        assertThat(SCHEDULER.clientPorts.size() - before).as("polls every 100 ms while watched").isGreaterThan(2);

        w.cancel();
        Thread.sleep(500);
        int after = SCHEDULER.clientPorts.size();
        Thread.sleep(600);
        assertThat(SCHEDULER.clientPorts.size()).as("no poll once the last watcher left").isEqualTo(after);
    }

    /** A Watch that got its first status, opened again while the cap refuses it (a cancel reaches the server later). */
    private Watch accepted() throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            Watch w = watch("");
            Object first = w.next();
            if (first == ServingStatus.SERVING) {
                return w;
            }
            assertThat(first).isInstanceOf(Status.class);
            assertThat(((Status) first).getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            assertThat(System.nanoTime()).as("a place freed within 10 s").isLessThan(until);
            Thread.sleep(50);
        }
    }

    private Watch watch(String service) {
        Watch w = new Watch();
        opened.add(w);
        HealthGrpc.newStub(channel).watch(HealthCheckRequest.newBuilder().setService(service).build(), w);
        return w;
    }

    /** One Watch stream: its statuses, then an error's Status or "completed", in arrival order. */
    static final class Watch implements ClientResponseObserver<HealthCheckRequest, HealthCheckResponse> {

        final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
        private volatile ClientCallStreamObserver<HealthCheckRequest> call;

        @Override
        public void beforeStart(ClientCallStreamObserver<HealthCheckRequest> requests) {
            call = requests;
        }

        @Override
        public void onNext(HealthCheckResponse response) {
            events.add(response.getStatus());
        }

        @Override
        public void onError(Throwable t) {
            events.add(Status.fromThrowable(t));
        }

        @Override
        public void onCompleted() {
            events.add("completed");
        }

        Object next() throws InterruptedException {
            Object e = events.poll(5, TimeUnit.SECONDS);
            assertThat(e).as("an event within 5 s").isNotNull();
            return e;
        }

        void cancel() {
            call.cancel("the test is done with it", null);
        }
    }
}
