package io.baton.gateway.oip;

import jakarta.servlet.http.HttpServletRequest;

import io.baton.gateway.trace.GatewayTrace;

import java.util.concurrent.CompletionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import io.baton.commons.tensor.TensorException;
import io.baton.gateway.GatewayException;
import io.baton.gateway.edge.BodyRefused;

/** Every refusal on an OIP route is the OIP error body {@code {"error": "..."}}, never a stack trace. */
@RestControllerAdvice(basePackageClasses = OipExceptionHandler.class)
public class OipExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(OipExceptionHandler.class);

    private final OipJson json;

    public OipExceptionHandler(OipJson json) {
        this.json = json;
    }

    @ExceptionHandler(GatewayException.class)
    public ResponseEntity<byte[]> gateway(GatewayException e, HttpServletRequest request) {
        if (e.status() >= 500 && !e.drop()) {
            log.debug("answering {}: {}", e.status(), e.getMessage());
        }
        ResponseEntity<byte[]> answer = json.error(e.status(), e.getMessage(), trace(request));
        if (e.reason().equals(GatewayException.OVERLOADED)) {
            // how soon a refused client may try again: an admission limit is judged within one SLO (≤ 2 s)
            return ResponseEntity.status(answer.getStatusCode()).headers(answer.getHeaders())
                    .header(HttpHeaders.RETRY_AFTER, "1").body(answer.getBody());
        }
        return answer;
    }

    @ExceptionHandler(TensorException.class)
    public ResponseEntity<byte[]> tensor(TensorException e, HttpServletRequest request) {
        return json.error(400, e.getMessage(), trace(request));
    }

    @ExceptionHandler(CompletionException.class)
    public ResponseEntity<byte[]> completion(CompletionException e, HttpServletRequest request) {
        if (e.getCause() instanceof GatewayException g) {
            return gateway(g, request);
        }
        return internal(e, request);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    public ResponseEntity<byte[]> unreadable(HttpMessageNotReadableException e) {
        BodyRefused refused = BodyRefused.of(e);
        if (refused != null) {
            // too slow: 408, the connection closed (BodyReadFilter); the client gone: nobody reads this answer
            return json.error(refused.tooSlow() ? 408 : 400, refused.getMessage());
        }
        return json.error(400, "the request has no readable body");
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    public ResponseEntity<byte[]> mediaType(HttpMediaTypeNotSupportedException e) {
        return json.error(415, e.getMessage());
    }

    @ExceptionHandler(Exception.class)
    public ResponseEntity<byte[]> internal(Exception e, HttpServletRequest request) {
        log.error("internal error on an OIP route", e);
        return json.error(500, "internal error in the gateway (logged there)", trace(request));
    }

    /** The trace of the inference request refused, when the route began one (see {@link InferController}). */
    private static GatewayTrace trace(HttpServletRequest request) {
        return request.getAttribute(GatewayTrace.ATTRIBUTE) instanceof GatewayTrace t ? t : null;
    }
}
