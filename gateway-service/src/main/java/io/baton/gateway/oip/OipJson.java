package io.baton.gateway.oip;

import io.baton.gateway.trace.GatewayTrace;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * JSON answers of the OIP routes, encoded here with their content type set, so that a client's {@code Accept} header
 * (a binary client may send {@code application/octet-stream}) never turns an answer into a 406.
 */
@Component
public class OipJson {

    private final ObjectMapper json;

    public OipJson(ObjectMapper json) {
        this.json = json;
    }

    public ResponseEntity<byte[]> answer(int status, Object body) {
        try {
            return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode an OIP answer", e);
        }
    }

    /**
     * A readiness answer: what {@code subject} names (the model and version, or nothing for the server), then 200
     * with {@code "ready": true} when {@code notReady} is null, or 503 with {@code "ready": false} and
     * {@code notReady} as the {@code error}.
     */
    public ResponseEntity<byte[]> readiness(Map<String, Object> subject, String notReady) {
        Map<String, Object> body = new LinkedHashMap<>(subject);
        body.put("ready", notReady == null);
        if (notReady == null) {
            return answer(200, body);
        }
        body.put("error", notReady);
        return answer(503, body);
    }

    /**
     * The OIP error body of an inference request: {@code {"error": message, "parameters": {"trace_id": ...}}}, with
     * the {@code request_id} when the gateway made it; {@code trace} null: {@link #error(int, String)}.
     */
    public ResponseEntity<byte[]> error(int status, String message, GatewayTrace trace) {
        if (trace == null) {
            return error(status, message);
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("trace_id", trace.traceId());
        if (trace.madeRequestId()) {
            parameters.put("request_id", trace.requestId());
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", message);
        body.put("parameters", parameters);
        return answer(status, body);
    }

    /** The OIP error body {@code {"error": message}}. */
    public ResponseEntity<byte[]> error(int status, String message) {
        return answer(status, Map.of("error", message));
    }
}
