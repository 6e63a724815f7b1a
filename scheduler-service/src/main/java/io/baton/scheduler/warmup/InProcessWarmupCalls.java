package io.baton.scheduler.warmup;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.commons.problem.ProblemException;
import io.baton.commons.tensor.SyntheticTensor;
import io.baton.commons.tensor.TensorSpec;
import io.baton.core.warmup.WarmupLoop;
import io.baton.scheduler.catalog.CatalogApplication;
import io.baton.scheduler.infer.InferController;
import io.baton.scheduler.infer.InferRequest;

/**
 * Synthetic {@code POST /internal/v1/infer} calls made in-process: the body is written from the application's input
 * signature (each free dimension 1, each element a fixed value of its datatype), decoded by the application's
 * {@link ObjectMapper} as the route decodes it, handed to the {@link InferController} itself (the catalog, the input
 * check, the policy's dispatcher, a worker's batch) and its answer encoded to JSON again. In-process, so the servlet
 * filters (among them the not-leader filter: a standby warms too, so that a takeover is not cold) are not on the path.
 * The batches reach real workers: at most {@code baton.scheduler.warmup.max-requests} per application.
 */
@Component
class InProcessWarmupCalls implements WarmupCalls {

    /** Elements of one synthetic tensor at most: warming must not cost more than a small request. */
    static final long MAX_ELEMENTS = 1L << 16;

    private final InferController controller;
    private final ObjectMapper json;
    private final SchedulerWarmupProperties properties;

    InProcessWarmupCalls(InferController controller, ObjectMapper json, SchedulerWarmupProperties properties) {
        this.controller = controller;
        this.json = json;
        this.properties = properties;
    }

    @Override
    public WarmupLoop.Call callFor(CatalogApplication app) {
        byte[] body = body(app);
        AtomicInteger sent = new AtomicInteger();
        return () -> {
            if (sent.incrementAndGet() > properties.maxRequests()) {
                throw new WarmupLoop.Abandon("sent the " + properties.maxRequests()
                        + " requests baton.scheduler.warmup.max-requests allows");
            }
            InferRequest request = json.readValue(body, InferRequest.class);
            ResponseEntity<Object> answer;
            try {
                answer = controller.infer(request).get(properties.bound().toMillis() + 1000, TimeUnit.MILLISECONDS);
            } catch (ProblemException e) {
                if (e.status().is4xxClientError()) {
                    // refused as asked (unknown variant, input the check refuses): every try would be refused alike
                    throw new WarmupLoop.Abandon("refused: " + e.getMessage());
                }
                throw e;
            }
            byte[] encoded = json.writeValueAsBytes(answer.getBody());
            if (!answer.getStatusCode().is2xxSuccessful()) {
                throw new IllegalStateException("answered " + answer.getStatusCode().value() + ": "
                        + new String(encoded, java.nio.charset.StandardCharsets.UTF_8));
            }
        };
    }

    /** The synthetic body for the application, stage 0 of a pipeline; an input it cannot build abandons it. */
    byte[] body(CatalogApplication app) {
        if (app.inputs().isEmpty()) {
            throw new WarmupLoop.Abandon("application " + app.name() + " declares no inputs");
        }
        ObjectNode request = json.createObjectNode().put("application", app.name());
        if ("pipeline".equals(app.kind())) {
            request.put("stage", 0);
        }
        ArrayNode tensors = request.putArray("inputs");
        for (TensorSpec spec : app.inputs()) {
            SyntheticTensor.addTo(tensors, spec, MAX_ELEMENTS);
        }
        try {
            return json.writeValueAsBytes(request);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new WarmupLoop.Abandon("cannot write a synthetic request: " + e.getMessage());
        }
    }
}
