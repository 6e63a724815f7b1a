package io.baton.commons.grpc;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import io.grpc.stub.StreamObserver;

/**
 * A unary gRPC call's answer as a {@link CompletableFuture}: completed by the answer, failed by the call's status,
 * and failed with {@code noAnswer} when the peer ends the call without one.
 */
public final class UnaryAnswer<T> implements StreamObserver<T> {

    private final CompletableFuture<T> answer = new CompletableFuture<>();
    private final Supplier<? extends Throwable> noAnswer;

    public UnaryAnswer(Supplier<? extends Throwable> noAnswer) {
        this.noAnswer = noAnswer;
    }

    public CompletableFuture<T> future() {
        return answer;
    }

    @Override
    public void onNext(T value) {
        answer.complete(value);
    }

    @Override
    public void onError(Throwable t) {
        answer.completeExceptionally(t);
    }

    @Override
    public void onCompleted() {
        if (!answer.isDone()) {
            answer.completeExceptionally(noAnswer.get());
        }
    }
}
