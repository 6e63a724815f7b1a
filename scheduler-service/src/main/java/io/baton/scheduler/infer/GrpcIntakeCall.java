package io.baton.scheduler.infer;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;

import org.springframework.http.HttpStatus;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.UnsafeByteOperations;

import io.baton.commons.problem.ProblemException;
import io.baton.core.util.InFlightBytes;
import io.baton.internal.grpc.Refusal;
import io.baton.scheduler.intake.RequestBodyBudgetFilter;
import io.baton.scheduler.leader.LeaderElection;
import io.baton.scheduler.leader.NotLeaderFilter;
import io.baton.scheduler.web.ApiException;
import io.baton.scheduler.web.ProblemHandler;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

/**
 * The steps every call to the scheduler's gRPC intake takes, whatever it carries: a standby refuses it with the HTTP
 * route's 503 {@code not-leader}; its message holds its bytes of the budget for request bodies in flight until it is
 * answered (RESOURCE_EXHAUSTED when they do not fit); a refusal at submit (400, 404, 409) or later (a drop, a
 * failure) is answered inside the answer message as the HTTP route's status and problem body ({@link Refusal}); and an
 * answer for a caller that gave up is dropped.
 * <p>
 * Calls arrive on the connection's event loop. A call whose submit cannot block (see {@link
 * io.baton.scheduler.dispatch.DispatchService#submitsAtOnce}) is submitted right there: handing it to another thread
 * first cost a wake-up of that thread per request, on the request's path. One that may read the registry or plan goes
 * to {@code offLoop}, so that it never stalls the other calls on its connection.
 */
final class GrpcIntakeCall {

    private final LeaderElection election;
    private final InFlightBytes budget;
    private final ObjectMapper json;
    private final Executor offLoop;

    GrpcIntakeCall(LeaderElection election, InFlightBytes budget, ObjectMapper json, Executor offLoop) {
        this.election = election;
        this.budget = budget;
        this.json = json;
        this.offLoop = offLoop;
    }

    /**
     * Serves one call of {@code bytes}: {@code submit} takes it (throwing a {@link ProblemException} to refuse it at
     * once) and its future completes with the answer, which may itself be a refusal made by {@code refused}.
     *
     * @param atOnce whether {@code submit} never blocks, and so runs on the calling thread; false: on {@code offLoop}
     */
    <A> void serve(StreamObserver<A> answers, long bytes, Function<Refusal, A> refused, boolean atOnce,
                   Supplier<CompletableFuture<A>> submit) {
        ServerCallStreamObserver<A> observer = (ServerCallStreamObserver<A>) answers;
        observer.setOnCancelHandler(() -> { }); // the gateway gave up: its answer, when it comes, is dropped
        if (!election.leading()) {
            answer(observer, refused.apply(refusal(503, NotLeaderFilter.problem(election.state()))));
            return;
        }
        if (!budget.tryReserve(bytes)) {
            observer.onError(Status.RESOURCE_EXHAUSTED.withDescription(RequestBodyBudgetFilter.overBudget(budget, bytes))
                    .asRuntimeException());
            return;
        }
        AtomicBoolean released = new AtomicBoolean();
        Runnable release = () -> {
            if (released.compareAndSet(false, true)) budget.release(bytes);
        };
        if (atOnce) {
            submit(observer, refused, submit, release);
            return;
        }
        try {
            // the call's context (its trace metadata) goes along
            offLoop.execute(Context.current().wrap(() -> submit(observer, refused, submit, release)));
        } catch (RejectedExecutionException stopping) {
            release.run();
            observer.onError(Status.UNAVAILABLE.withDescription("the scheduler is stopping").asRuntimeException());
        }
    }

    private <A> void submit(ServerCallStreamObserver<A> observer, Function<Refusal, A> refused,
                            Supplier<CompletableFuture<A>> submit, Runnable release) {
        CompletableFuture<A> answer;
        try {
            answer = submit.get();
        } catch (ProblemException e) {
            release.run();
            answer(observer, refused.apply(refusal(e)));
            return;
        } catch (RuntimeException e) {
            release.run();
            answer(observer, refused.apply(refusal(new ApiException(HttpStatus.INTERNAL_SERVER_ERROR, "internal-error",
                    "the scheduler could not take the request: " + e))));
            return;
        }
        answer.whenComplete((value, failure) -> {
            release.run();
            A a;
            if (failure == null) {
                a = value;
            } else if (unwrap(failure) instanceof ProblemException e) {
                a = refused.apply(refusal(e));
            } else {
                a = refused.apply(refusal(new ApiException(HttpStatus.BAD_GATEWAY, "worker-failed",
                        "the request failed in the scheduler: " + failure)));
            }
            answer(observer, a);
        });
    }

    /** The HTTP route's answer to {@code e}: its status and problem body. */
    Refusal refusal(ProblemException e) {
        return refusal(e.status().value(), ProblemHandler.of(e).getBody());
    }

    private Refusal refusal(int status, Object problem) {
        byte[] body;
        try {
            body = json.writeValueAsBytes(problem);
        } catch (JsonProcessingException e) {
            body = new byte[0];
        }
        return Refusal.newBuilder().setStatus(status).setProblem(UnsafeByteOperations.unsafeWrap(body)).build();
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof java.util.concurrent.CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    private static <A> void answer(ServerCallStreamObserver<A> observer, A answer) {
        if (observer.isCancelled()) return;
        observer.onNext(answer);
        observer.onCompleted();
    }
}
