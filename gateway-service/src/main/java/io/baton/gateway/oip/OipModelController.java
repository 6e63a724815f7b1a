package io.baton.gateway.oip;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.GatewayException;
import io.baton.gateway.oip.schema.InferenceErrorResponse;
import io.baton.gateway.profiling.ProfilingJobsClient;

import io.baton.commons.tensor.TensorSpec;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;
import io.baton.gateway.scheduler.ApplicationState;
import io.baton.gateway.scheduler.SchedulerClient;
import io.baton.gateway.serving.InferenceService;

/**
 * OIP model routes: metadata (from the registry's definition) and readiness (from the scheduler). A model is an
 * application; its versions are its variants.
 */
@ApiResponse(responseCode = "404", description = "Unknown model or version", content = @Content(mediaType = "application/json",
        schema = @Schema(implementation = InferenceErrorResponse.class)))
@RestController
public record OipModelController(InferenceService service, SchedulerClient scheduler, ProfilingJobsClient profiler,
                                 OipJson json) {

    public static final String PLATFORM = "onnxruntime_onnx";
    private static final Logger log = LoggerFactory.getLogger(OipModelController.class);

    @GetMapping("/v2/models/{app}")
    @Operation(operationId = "modelMetadata", summary = "Model metadata: the application's tensors and versions")
    @AnswersModelMetadata
    public ResponseEntity<byte[]> metadata(@PathVariable String app) {
        return metadata(app, null);
    }

    @GetMapping("/v2/models/{app}/versions/{version}")
    @Operation(operationId = "modelVersionMetadata", summary = "Model metadata with one version's (variant's) tensors")
    @AnswersModelMetadata
    public ResponseEntity<byte[]> metadata(@PathVariable String app, @PathVariable String version) {
        ApplicationDefinition def = service.application(app);
        VariantDefinition v = InferenceService.version(def, version);
        List<TensorSpec> inputs = v != null && !v.inputs().isEmpty() ? v.inputs() : def.clientInputs(null);
        List<TensorSpec> outputs = v != null && !v.outputs().isEmpty() ? v.outputs() : def.clientOutputs(null);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", def.name());
        body.put("versions", def.variantNames());
        body.put("platform", PLATFORM);
        body.put("inputs", inputs);
        body.put("outputs", outputs);
        CompletableFuture<Set<String>> profiling = profiler.variantsBeingProfiled(def.name());
        try {
            ModelState state = ModelState.of(def, scheduler.application(def.name()).join(), profiling.join(), v);
            body.put("state", state.state());
            body.put("version_states", state.versions());
        } catch (CompletionException | GatewayException e) {
            // the metadata is the registry's: a scheduler that cannot be asked leaves only the state unsaid
            log.debug("model '{}': state unknown, the scheduler cannot be asked: {}", def.name(), e.toString());
        }
        return json.answer(200, body);
    }

    @GetMapping("/v2/models/{app}/ready")
    @Operation(operationId = "modelReady", summary = "Model readiness, as the scheduler sees it")
    @AnswersModelReadiness
    public ResponseEntity<byte[]> ready(@PathVariable String app) {
        return ready(app, null);
    }

    /**
     * 200 {@code {"name", "ready": true}} when the scheduler says the application (or the version: a live worker and
     * a profile) can be served; otherwise 503 with {@code "ready": false} and the scheduler's reason as
     * {@code error}. Unknown application or version: 404.
     */
    @GetMapping("/v2/models/{app}/versions/{version}/ready")
    @Operation(operationId = "modelVersionReady", summary = "Model version readiness: a live worker and a profile")
    @AnswersModelReadiness
    public ResponseEntity<byte[]> ready(@PathVariable String app, @PathVariable String version) {
        ApplicationDefinition def = service.application(app);
        VariantDefinition v = InferenceService.version(def, version);
        CompletableFuture<Set<String>> profiling = profiler.variantsBeingProfiled(def.name());
        Optional<ApplicationState> state = scheduler.application(def.name()).join();
        Map<String, Object> subject = new LinkedHashMap<>();
        subject.put("name", def.name());
        if (v != null) {
            subject.put("version", v.name());
        }
        subject.put("state", ModelState.of(def, state, profiling.join(), v).state());
        String notReady;
        if (state.isEmpty()) {
            notReady = "the scheduler does not know it";
        } else if (v == null ? state.get().ready() : state.get().ready(v.name())) {
            return json.readiness(subject, null);
        } else {
            notReady = v == null ? String.valueOf(state.get().reason()) : state.get().reasonFor(v.name());
        }
        return json.readiness(subject, "model '" + def.name() + "'" + (v == null ? "" : " version '" + v.name() + "'")
                + " is not ready: " + notReady);
    }
}
