package io.baton.gateway.oip;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import io.baton.gateway.GatewayException;
import io.baton.gateway.metrics.InferenceMetrics;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;
import io.baton.gateway.serving.InferenceService;
import io.baton.gateway.serving.Served;
import io.baton.gateway.tensor.TensorException;

/** {@code POST /v2/models/{app}[/versions/{v}]/infer}: JSON or the binary tensor data extension. */
@RestController
public class InferController {

    private final InferenceService service;
    private final OipRequestReader reader;
    private final OipResponseWriter writer;
    private final InferenceMetrics metrics;

    public InferController(InferenceService service, OipRequestReader reader, OipResponseWriter writer,
                           InferenceMetrics metrics) {
        this.service = service;
        this.reader = reader;
        this.writer = writer;
        this.metrics = metrics;
    }

    @PostMapping("/v2/models/{app}/infer")
    public ResponseEntity<byte[]> infer(@PathVariable String app, HttpServletRequest http,
                                        @RequestHeader(value = OipRequestReader.HEADER_LENGTH, required = false)
                                        String headerLength) throws IOException {
        return infer(app, null, http, headerLength);
    }

    /**
     * The body is read from the servlet as it came, whatever its content type: {@code @RequestBody} would re-encode
     * a body sent as {@code application/x-www-form-urlencoded} (what {@code curl -d} sends without a header) from
     * its "form parameters", corrupting the JSON.
     */
    @PostMapping("/v2/models/{app}/versions/{version}/infer")
    public ResponseEntity<byte[]> infer(@PathVariable String app, @PathVariable String version,
                                        HttpServletRequest http,
                                        @RequestHeader(value = OipRequestReader.HEADER_LENGTH, required = false)
                                        String headerLength) throws IOException {
        long received = System.nanoTime();
        String tag = InferenceMetrics.UNKNOWN;
        try {
            byte[] body = http.getInputStream().readAllBytes();
            if (body.length == 0) {
                throw GatewayException.badRequest("the request has no body: send the OIP inference request as JSON");
            }
            ApplicationDefinition def = service.application(app);
            tag = def.name();
            VariantDefinition v = InferenceService.version(def, version);
            OipRequest request = reader.read(body, headerLength);
            Served served = service.infer(def, v, request.inputs(), request.outputNames(), request.timeoutUs(),
                    request.priority(), received);
            Map<String, Object> parameters = new LinkedHashMap<>(served.parameters());
            parameters.put("total_ms", (System.nanoTime() - received) / 1e6);
            OipResponseWriter.Encoded encoded = writer.write(def.name(), served.modelVersion(), request.id(),
                    parameters, served.outputs(), request);
            metrics.served(tag, received);
            ResponseEntity.BodyBuilder ok = ResponseEntity.ok().contentType(encoded.contentType());
            if (encoded.headerLength() != null) {
                ok.header(OipRequestReader.HEADER_LENGTH, String.valueOf(encoded.headerLength()));
            }
            return ok.body(encoded.body());
        } catch (GatewayException e) {
            metrics.failed(tag, e.reason(), received);
            throw e;
        } catch (TensorException e) {
            metrics.failed(tag, "invalid-request", received);
            throw e;
        } catch (RuntimeException e) {
            metrics.failed(tag, "internal", received);
            throw e;
        }
    }
}
