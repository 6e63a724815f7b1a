package io.baton.gateway.oip;

import java.io.IOException;
import java.util.function.Supplier;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.GatewayException;
import io.baton.gateway.oip.schema.InferenceErrorResponse;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.trace.GatewayTrace;
import io.baton.commons.trace.TraceParent;

/** {@code POST /v2/models/{app}[/versions/{v}]/infer}: JSON or the binary tensor data extension. */
@ApiResponse(responseCode = "400", description = "Malformed request, or a tensor, shape, datatype or parameter "
        + "the model does not take", content = @Content(mediaType = "application/json",
        schema = @Schema(implementation = InferenceErrorResponse.class)))
@ApiResponse(responseCode = "401", description = "No API key where inference needs one, or a key not accepted",
        content = @Content(mediaType = "application/json",
                schema = @Schema(implementation = InferenceErrorResponse.class)))
@ApiResponse(responseCode = "403", description = "An API key without the infer or admin scope",
        content = @Content(mediaType = "application/json",
                schema = @Schema(implementation = InferenceErrorResponse.class)))
@ApiResponse(responseCode = "404", description = "Unknown model or version", content = @Content(
        mediaType = "application/json", schema = @Schema(implementation = InferenceErrorResponse.class)))
@ApiResponse(responseCode = "408", description = "The body did not arrive within the application's SLO, or "
        + "arrived too slowly (baton.gateway.edge.body); the connection is closed", content = @Content(
        mediaType = "application/json", schema = @Schema(implementation = InferenceErrorResponse.class)))
@ApiResponse(responseCode = "413", description = "A body past baton.gateway.max-infer-request-size", content = @Content(
        mediaType = "application/json", schema = @Schema(implementation = InferenceErrorResponse.class)))
@ApiResponse(responseCode = "502", description = "A worker failed, or the scheduler's answer is unreadable",
        content = @Content(mediaType = "application/json",
                schema = @Schema(implementation = InferenceErrorResponse.class)))
@ApiResponse(responseCode = "503", description = "Dropped by the policy or the deadline, refused by admission "
        + "control (the gateway at its limit of requests in flight; with Retry-After), not ready, or an "
        + "upstream service unavailable", content = @Content(mediaType = "application/json",
        schema = @Schema(implementation = InferenceErrorResponse.class)))
@ApiResponse(responseCode = "504", description = "No answer within the deadline", content = @Content(
        mediaType = "application/json", schema = @Schema(implementation = InferenceErrorResponse.class)))
@RestController
public record InferController(InferenceCall call, OipRequestReader reader, OipResponseWriter writer,
                              InferBodies bodies) {

    private static final String HEADER_LENGTH_DESCRIPTION = "Binary tensor data extension: the length in bytes of "
            + "the JSON at the start of the body.";
    private static final String TRACEPARENT_DESCRIPTION = "W3C trace context: the request joins this trace (its "
            + "parameters.trace_id); absent or malformed, the gateway starts a new trace.";

    @PostMapping("/v2/models/{app}/infer")
    @Operation(operationId = "modelInfer", summary = "Inference by the application (the policy picks the variants)")
    @InferExchange
    public ResponseEntity<byte[]> infer(@PathVariable String app, HttpServletRequest http,
                                        @Parameter(description = HEADER_LENGTH_DESCRIPTION)
                                        @RequestHeader(value = OipRequestReader.HEADER_LENGTH, required = false)
                                        String headerLength,
                                        @Parameter(description = TRACEPARENT_DESCRIPTION)
                                        @RequestHeader(value = TraceParent.HEADER, required = false)
                                        String traceparent) throws IOException {
        return infer(app, null, http, headerLength, traceparent);
    }

    /**
     * The body is read from the servlet as it came, whatever its content type: {@code @RequestBody} would re-encode
     * a body sent as {@code application/x-www-form-urlencoded} (what {@code curl -d} sends without a header) from
     * its "form parameters", corrupting the JSON.
     */
    @PostMapping("/v2/models/{app}/versions/{version}/infer")
    @Operation(operationId = "modelVersionInfer", summary = "Inference by one version (variant) of the application")
    @InferExchange
    public ResponseEntity<byte[]> infer(@PathVariable String app, @PathVariable String version,
                                        HttpServletRequest http,
                                        @Parameter(description = HEADER_LENGTH_DESCRIPTION)
                                        @RequestHeader(value = OipRequestReader.HEADER_LENGTH, required = false)
                                        String headerLength,
                                        @Parameter(description = TRACEPARENT_DESCRIPTION)
                                        @RequestHeader(value = TraceParent.HEADER, required = false)
                                        String traceparent) throws IOException {
        long received = System.nanoTime();
        Body body = new Body(http, received, headerLength);
        GatewayTrace trace = call.traces().begin(traceparent, app, received);
        // a refusal's body names the trace too (OipExceptionHandler)
        http.setAttribute(GatewayTrace.ATTRIBUTE, trace);
        try {
            return call.infer(app, version, received, trace, body, this::ok);
        } finally {
            body.release();
        }
    }

    private ResponseEntity<byte[]> ok(InferenceCall.Answer answer) {
        OipResponseWriter.Encoded encoded = writer.write(answer.model(), answer.version(), answer.request().id(),
                answer.parameters(), answer.outputs(), answer.request());
        ResponseEntity.BodyBuilder ok = ResponseEntity.ok().contentType(encoded.contentType());
        if (encoded.headerLength() != null) {
            ok.header(OipRequestReader.HEADER_LENGTH, String.valueOf(encoded.headerLength()));
        }
        return ok.body(encoded.body());
    }

    /**
     * A request's body: reserved in the budget of bodies held at once, then read, once the application is known (its
     * SLO bounds the reading); held until the request is answered.
     */
    private final class Body implements InferenceCall.Arrival<IOException> {

        private final HttpServletRequest http;
        private final long received;
        private final String headerLength;
        private InferBodies.Reservation reserved;

        Body(HttpServletRequest http, long received, String headerLength) {
            this.http = http;
            this.received = received;
            this.headerLength = headerLength;
        }

        @Override
        public Supplier<OipRequest> receive(ApplicationDefinition def) throws IOException {
            reserved = bodies.reserve(http);
            byte[] body = bodies.read(http, received, def.sloMs(), reserved);
            if (body.length == 0) {
                throw GatewayException.badRequest("the request has no body: send the OIP inference request as JSON");
            }
            // reading is bounded by baton.gateway.edge.body (see BodyReadFilter); parsing waits for admission
            return () -> reader.read(body, headerLength);
        }

        void release() {
            if (reserved != null) {
                reserved.release();
            }
        }
    }
}
