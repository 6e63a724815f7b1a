package io.baton.gateway.warmup;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.stereotype.Component;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.TensorException;
import io.baton.core.warmup.WarmupLoop;
import io.baton.gateway.GatewayException;
import io.baton.gateway.oip.OipRequest;
import io.baton.gateway.oip.OipRequestReader;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.serving.InferenceService;

/**
 * A synthetic request through the serving path in-process: the OIP JSON read and decoded ({@link OipRequestReader}),
 * the application's limits and validation, its route (single, ensemble with difficulty, pipeline stage by stage), the
 * scheduler hop and a worker's batch, its model loaded on the first. It does not pass the servlet filters (so API
 * keys and client limits are not in its way) nor admission control and the inference metrics (so it is not counted as
 * user traffic in the gateway's metrics and does not move the adaptive admission limit); the scheduler and the workers
 * do count it, as any request.
 *
 * <p>A refusal of the request itself (4xx: a signature the synthetic values do not fit) abandons the application's
 * warm-up at once; a failure upstream (a drop, 5xx) is retried, until {@link #GIVE_UP} in a row fail before any was
 * served.
 */
@Component
class InProcessWarmupCalls implements WarmupCalls {

    /** Failures in a row, none served yet, after which an application's warm-up is abandoned. */
    static final int GIVE_UP = 20;

    private final InferenceService service;
    private final OipRequestReader reader;
    private final ObjectMapper json;

    InProcessWarmupCalls(InferenceService service, OipRequestReader reader, ObjectMapper json) {
        this.service = service;
        this.reader = reader;
        this.json = json;
    }

    @Override
    public WarmupLoop.Call callFor(ApplicationDefinition application) {
        byte[] body = SyntheticRequest.body(application, json);
        AtomicBoolean served = new AtomicBoolean();
        AtomicInteger failedInARow = new AtomicInteger();
        return () -> {
            try {
                ApplicationDefinition def = service.application(application.name());
                OipRequest request = reader.read(body, null);
                service.infer(def, null, request.inputs(), request.outputNames(), null, null, System.nanoTime());
                served.set(true);
                failedInARow.set(0);
            } catch (TensorException e) {
                throw new WarmupLoop.Abandon("the synthetic request does not fit: " + e.getMessage());
            } catch (GatewayException e) {
                if (e.status() >= 400 && e.status() < 500 && e.status() != 408 && e.status() != 429) {
                    throw new WarmupLoop.Abandon("the synthetic request was refused (" + e.status() + "): "
                            + e.getMessage());
                }
                if (!served.get() && failedInARow.incrementAndGet() >= GIVE_UP) {
                    throw new WarmupLoop.Abandon("the first " + GIVE_UP + " synthetic requests all failed, the last: "
                            + e.getMessage());
                }
                throw e;
            }
        };
    }
}
