package io.baton.scheduler.infer;

import java.util.ArrayList;
import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import io.baton.core.domain.DropReason;
import io.baton.scheduler.dispatch.InferJob;
import io.baton.scheduler.web.ApiException;
import io.baton.scheduler.web.ProblemHandler;

/**
 * What the gateway's two inference routes (one variant, one ensemble query) read and answer alike: the application a
 * call must name, its tensors as the dispatcher's inputs, and the problems that answer a drop or a failure.
 */
final class InferCalls {

    private InferCalls() {
    }

    /** {@code application}, or a 400 problem naming the field when it is missing. */
    static String application(String application) {
        if (application == null || application.isBlank()) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "application: must be set").withField("application");
        }
        return application;
    }

    /** The tensors as the dispatcher checks them (a null tensor stays null, for the check to name its index). */
    static List<InferJob.Input> inputs(List<InferRequest.Tensor> tensors) {
        if (tensors == null) {
            return null;
        }
        List<InferJob.Input> inputs = new ArrayList<>(tensors.size());
        for (InferRequest.Tensor t : tensors) {
            inputs.add(t == null ? null : new InferJob.Input(t.name(), t.datatype(), t.shape(), t.data(), t.base64()));
        }
        return inputs;
    }

    /** A request the policy dropped: 503, so that the client may try again, with the reason's name. */
    static ResponseEntity<Object> dropped(DropReason reason) {
        return ProblemHandler.of(new ApiException(HttpStatus.SERVICE_UNAVAILABLE, "dropped",
                "request dropped: " + reason.message()).with("reason", reason.name()));
    }

    /** A request no worker answered: 502 with what happened. */
    static ResponseEntity<Object> failed(String detail) {
        return ProblemHandler.of(new ApiException(HttpStatus.BAD_GATEWAY, "worker-failed", detail));
    }
}
