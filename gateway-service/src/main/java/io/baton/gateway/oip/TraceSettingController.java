package io.baton.gateway.oip;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.GatewayException;
import io.baton.gateway.oip.schema.InferenceErrorResponse;
import io.baton.gateway.oip.schema.TraceSetting;
import io.baton.gateway.serving.InferenceService;
import io.baton.gateway.trace.RequestTraces;
import io.baton.gateway.trace.TraceSettings;

/**
 * Triton's trace extension over REST: {@code GET} answers the trace settings in force (globally, or for a model),
 * {@code POST} changes the ones its body names and answers them all. A model is an application the registry knows
 * (404 otherwise). The settings are this gateway's: with several gateways, each is set on its own (or all alike
 * through {@code baton.tracing.export.*}).
 */
@ApiResponse(responseCode = "200", description = "The settings in force", content = @Content(
        mediaType = "application/json", schema = @Schema(implementation = TraceSetting.class)))
@RestController
public record TraceSettingController(RequestTraces traces, InferenceService service, ObjectMapper mapper,
                                     OipJson json) {

    @GetMapping("/v2/trace/setting")
    @Operation(operationId = "traceSetting", summary = "The global trace settings (Triton's trace extension)")
    public ResponseEntity<byte[]> global() {
        return answer(traces.settings().view(null));
    }

    @GetMapping("/v2/models/{app}/trace/setting")
    @Operation(operationId = "modelTraceSetting", summary = "The trace settings in force for one model")
    @ApiResponse(responseCode = "404", description = "Unknown model", content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = InferenceErrorResponse.class)))
    public ResponseEntity<byte[]> model(@PathVariable String app) {
        return answer(traces.settings().view(service.application(app).name()));
    }

    @PostMapping("/v2/trace/setting")
    @Operation(operationId = "updateTraceSetting", summary = "Changes the global trace settings the body names "
            + "(null: back to the configured default)", requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = TraceSetting.class))))
    @ApiResponse(responseCode = "400", description = "A setting unknown, read only or out of range", content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = InferenceErrorResponse.class)))
    public ResponseEntity<byte[]> updateGlobal(@RequestBody(required = false) byte[] body) {
        return answer(traces.settings().update(null, changes(body)));
    }

    @PostMapping("/v2/models/{app}/trace/setting")
    @Operation(operationId = "updateModelTraceSetting", summary = "Changes one model's trace settings (null: back to "
            + "the global one)", requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = TraceSetting.class))))
    @ApiResponse(responseCode = "400", description = "A setting unknown, read only or out of range", content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = InferenceErrorResponse.class)))
    @ApiResponse(responseCode = "404", description = "Unknown model", content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = InferenceErrorResponse.class)))
    public ResponseEntity<byte[]> updateModel(@PathVariable String app, @RequestBody(required = false) byte[] body) {
        Map<String, List<String>> changes = changes(body);
        return answer(traces.settings().update(service.application(app).name(), changes));
    }

    /** As Triton writes them: the level as an array, the others as strings. */
    private ResponseEntity<byte[]> answer(Map<String, List<String>> settings) {
        Map<String, Object> body = new LinkedHashMap<>();
        settings.forEach((name, values) -> body.put(name, name.equals(TraceSettings.LEVEL) ? values : values.get(0)));
        return json.answer(200, body);
    }

    /** The body's settings: each a string, a number, an array of those, or null (clear). */
    private Map<String, List<String>> changes(byte[] body) {
        if (body == null || body.length == 0) {
            return Map.of();
        }
        JsonNode node;
        try {
            node = mapper.readTree(body);
        } catch (JacksonException e) {
            throw GatewayException.badRequest("the body is not JSON: " + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            throw GatewayException.badRequest("the body could not be read: " + e.getMessage());
        }
        if (node == null || !node.isObject()) {
            throw GatewayException.badRequest("the body must be a JSON object such as {\"trace_rate\": \"100\"}");
        }
        Map<String, List<String>> changes = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            changes.put(e.getKey(), values(e.getKey(), e.getValue()));
        }
        return changes;
    }

    private static List<String> values(String name, JsonNode value) {
        if (value.isNull()) {
            return null;
        }
        if (value.isArray()) {
            List<String> values = new ArrayList<>(value.size());
            for (JsonNode v : value) {
                values.add(scalar(name, v));
            }
            return values;
        }
        return List.of(scalar(name, value));
    }

    private static String scalar(String name, JsonNode v) {
        if (v.isTextual()) {
            return v.textValue();
        }
        if (v.isIntegralNumber()) {
            return v.asText();
        }
        throw GatewayException.badRequest(name + ": a string (or a list of them), got " + v.getNodeType()
                .name().toLowerCase(java.util.Locale.ROOT));
    }
}
