package io.baton.cli.bench.live;

import com.google.protobuf.ByteString;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The requests a load run sends over the gateway's gRPC port ({@code inference.GRPCInferenceService/ModelInfer}):
 * one prepared message per sample, every input's bytes in {@code raw_input_contents}, sent on one channel (HTTP/2
 * multiplexes the calls) with the run's timeout as each call's deadline.
 */
final class GrpcRequests implements Requests {

    private final GRPCInferenceServiceGrpc.GRPCInferenceServiceStub stub;
    private final List<ModelInferRequest> prepared;
    private final long timeoutNanos;

    GrpcRequests(GRPCInferenceServiceGrpc.GRPCInferenceServiceStub stub, String app, List<List<GeneratedTensor>> samples,
                 Duration timeout) {
        this.stub = stub;
        this.timeoutNanos = timeout.toNanos();
        this.prepared = new ArrayList<>(samples.size());
        for (List<GeneratedTensor> sample : samples) {
            ModelInferRequest.Builder r = ModelInferRequest.newBuilder().setModelName(app);
            for (GeneratedTensor t : sample) {
                ModelInferRequest.InferInputTensor.Builder in = r.addInputsBuilder().setName(t.name())
                        .setDatatype(t.datatype());
                for (long d : t.shape()) in.addShape(d);
                r.addRawInputContents(ByteString.copyFrom(t.data()));
            }
            prepared.add(r.build());
        }
    }

    @Override
    public int size() {
        return prepared.size();
    }

    @Override
    public CompletableFuture<Void> send(int i, Consumer<Outcome> done) {
        CompletableFuture<Void> finished = new CompletableFuture<>();
        long sent = System.nanoTime();
        stub.withDeadlineAfter(timeoutNanos, TimeUnit.NANOSECONDS).modelInfer(prepared.get(i % prepared.size()),
                new StreamObserver<>() {
                    private ModelInferResponse answer;

                    @Override
                    public void onNext(ModelInferResponse value) {
                        answer = value;
                    }

                    @Override
                    public void onError(Throwable t) {
                        done.accept(Outcome.ofGrpc((System.nanoTime() - sent) / 1e6, io.grpc.Status.fromThrowable(t)));
                        finished.complete(null);
                    }

                    @Override
                    public void onCompleted() {
                        done.accept(Outcome.ofGrpc((System.nanoTime() - sent) / 1e6, answer));
                        finished.complete(null);
                    }
                });
        return finished;
    }
}
