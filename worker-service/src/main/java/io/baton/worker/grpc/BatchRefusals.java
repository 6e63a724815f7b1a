package io.baton.worker.grpc;

import java.net.URI;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;

import io.baton.internal.grpc.Refusal;
import io.baton.worker.api.ProblemAdvice;

/**
 * A failed batch as the refusal the binary route answers: the status and problem body that
 * {@code POST /internal/v1/batches} answers for the same failure, made by the same {@link ProblemAdvice} handler, so
 * the scheduler reads both routes' refusals alike. A failure no handler takes is a 500 whose body says nothing of the
 * worker's insides (it is logged here).
 */
final class BatchRefusals {

    private static final Logger log = LoggerFactory.getLogger(BatchRefusals.class);

    /** The HTTP route's path: its problems name it as their {@code instance}, and so do these. */
    static final URI INSTANCE = URI.create("/internal/v1/batches");

    private final ProblemAdvice advice;
    private final ObjectMapper json;

    BatchRefusals(ProblemAdvice advice, ObjectMapper json) {
        this.advice = advice;
        this.json = json;
    }

    Refusal of(RuntimeException failure) {
        ProblemDetail problem = advice.problemFor(failure);
        if (problem == null) {
            log.error("batch over gRPC failed", failure);
            problem = ProblemDetail.forStatus(HttpStatus.INTERNAL_SERVER_ERROR);
        }
        if (problem.getInstance() == null) {
            problem.setInstance(INSTANCE);
        }
        try {
            return Refusal.newBuilder().setStatus(problem.getStatus())
                    .setProblem(ByteString.copyFrom(json.writeValueAsBytes(problem))).build();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a problem body could not be written", e);
        }
    }
}
