package io.baton.gateway.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.baton.commons.grpc.GrpcPort;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;
import io.baton.oip.grpc.ModelMetadataRequest;
import io.baton.oip.grpc.ModelMetadataResponse;
import io.baton.oip.grpc.ModelStreamInferResponse;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;

/**
 * {@link OffLoop} on a real port, with a server that runs calls where their bytes are read: a ModelInfer whose key
 * needs no registry stays on the event loop (and its handler knows it); a ModelInfer with a key to look up, and every
 * other method, is started and served on the port's threads, its stream's messages in order; a handler that throws
 * there ends its call UNKNOWN, and the threads go on serving.
 */
class OffLoopTest {

    private final ExecutorService threads = GrpcPort.executor(2, "test-threads-");
    private final List<String> handledOn = new CopyOnWriteArrayList<>();
    private final List<Boolean> onLoop = new CopyOnWriteArrayList<>();
    private Server server;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        GRPCInferenceServiceGrpc.GRPCInferenceServiceImplBase service = new GRPCInferenceServiceGrpc.GRPCInferenceServiceImplBase() {
            @Override
            public void modelInfer(ModelInferRequest request, StreamObserver<ModelInferResponse> answer) {
                record();
                if (request.getId().equals("throw")) throw new IllegalStateException("a bug in a handler");
                answer.onNext(ModelInferResponse.newBuilder().setId(request.getId()).build());
                answer.onCompleted();
            }

            @Override
            public void modelMetadata(ModelMetadataRequest request, StreamObserver<ModelMetadataResponse> answer) {
                record();
                answer.onNext(ModelMetadataResponse.newBuilder().setName(request.getName()).build());
                answer.onCompleted();
            }

            @Override
            public StreamObserver<ModelInferRequest> modelStreamInfer(StreamObserver<ModelStreamInferResponse> answers) {
                return new StreamObserver<>() {
                    @Override
                    public void onNext(ModelInferRequest request) {
                        record();
                        answers.onNext(ModelStreamInferResponse.newBuilder().setInferResponse(
                                ModelInferResponse.newBuilder().setId(request.getId())).build());
                    }

                    @Override
                    public void onError(Throwable t) {
                    }

                    @Override
                    public void onCompleted() {
                        answers.onCompleted();
                    }
                };
            }
        };
        OffLoop offLoop = new OffLoop(threads, key -> key.equals("cached-key"));
        server = NettyServerBuilder.forPort(0).directExecutor()
                .addService(ServerInterceptors.intercept(service, offLoop)).build().start();
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.getPort()).usePlaintext().build();
    }

    private void record() {
        handledOn.add(Thread.currentThread().getName());
        onLoop.add(Boolean.TRUE.equals(OffLoop.ON_LOOP.get()));
    }

    @AfterEach
    void stop() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        threads.shutdownNow();
    }

    private GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub stub(String key) {
        GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub stub = GRPCInferenceServiceGrpc
                .newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
        if (key == null) return stub;
        Metadata headers = new Metadata();
        headers.put(ApiKeyInterceptor.API_KEY, key);
        return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    @Test
    void aModelInferWhoseKeyNeedsNoRegistryStaysOnTheEventLoop() {
        assertThat(stub(null).modelInfer(ModelInferRequest.newBuilder().setId("a").build()).getId()).isEqualTo("a");
        assertThat(stub("cached-key").modelInfer(ModelInferRequest.newBuilder().setId("b").build()).getId())
                .isEqualTo("b");
        assertThat(handledOn).allSatisfy(name -> assertThat(name).doesNotStartWith("test-threads-"));
        assertThat(onLoop).containsExactly(true, true);
    }

    @Test
    void aKeyToLookUpAndEveryOtherMethodAreServedOnThePortsThreads() {
        assertThat(stub("bk_unknown").modelInfer(ModelInferRequest.newBuilder().setId("c").build()).getId())
                .isEqualTo("c");
        assertThat(stub(null).modelMetadata(ModelMetadataRequest.newBuilder().setName("m").build()).getName())
                .isEqualTo("m");
        assertThat(handledOn).hasSize(2).allSatisfy(name -> assertThat(name).startsWith("test-threads-"));
        assertThat(onLoop).containsExactly(false, false);
    }

    @Test
    void aMovedStreamIsAnsweredInOrder() throws Exception {
        List<String> ids = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        StreamObserver<ModelInferRequest> requests = GRPCInferenceServiceGrpc.newStub(channel).modelStreamInfer(
                new StreamObserver<>() {
                    @Override
                    public void onNext(ModelStreamInferResponse r) {
                        ids.add(r.getInferResponse().getId());
                    }

                    @Override
                    public void onError(Throwable t) {
                        done.countDown();
                    }

                    @Override
                    public void onCompleted() {
                        done.countDown();
                    }
                });
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            sent.add("r" + i);
            requests.onNext(ModelInferRequest.newBuilder().setId("r" + i).build());
        }
        requests.onCompleted();
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ids).containsExactlyElementsOf(sent);
        assertThat(handledOn).allSatisfy(name -> assertThat(name).startsWith("test-threads-"));
    }

    @Test
    void aHandlerThatThrowsOnThePortsThreadsEndsItsCallUnknownAndTheThreadsServeOn() {
        assertThatThrownBy(() -> stub("bk_unknown").modelInfer(ModelInferRequest.newBuilder().setId("throw").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNKNOWN));
        assertThat(stub(null).modelMetadata(ModelMetadataRequest.newBuilder().setName("after").build()).getName())
                .isEqualTo("after");
        Iterator<String> names = handledOn.iterator();
        assertThat(names.next()).startsWith("test-threads-");
    }
}
