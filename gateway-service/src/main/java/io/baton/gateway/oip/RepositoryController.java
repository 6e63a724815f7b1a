package io.baton.gateway.oip;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.GatewayException;
import io.baton.gateway.oip.schema.InferenceErrorResponse;
import io.baton.gateway.oip.schema.RepositoryIndex.RepositoryIndexEntry;
import io.baton.gateway.oip.schema.RepositoryIndex.RepositoryIndexRequest;
import io.baton.gateway.profiling.ProfilingJobsClient;
import io.baton.gateway.registry.ApplicationCache;
import io.baton.gateway.registry.RegistryClient;
import io.baton.gateway.scheduler.ApplicationState;
import io.baton.gateway.scheduler.SchedulerClient;

/**
 * Triton's model repository extension, {@code POST /v2/repository/index}: every registry application with its state
 * as the scheduler sees it, {@code [{"name", "state": "READY"|"UNAVAILABLE", "reason"}]} in name order; the body
 * {@code {"ready": true}} keeps only the ready ones. The scheduler is asked about all applications at once; one it
 * cannot answer for is UNAVAILABLE with the reason. Each entry also carries what the model's metadata says of it
 * ({@link ModelState}): {@code "model_state"} (profiled, profiling, unprofiled: the metadata's {@code "state"}, which
 * here is Triton's) and {@code "version_states"}, both left out when the scheduler or the registry cannot be asked.
 */
@RestController
public record RepositoryController(RegistryClient registry, ApplicationCache applications, SchedulerClient scheduler,
                                   ProfilingJobsClient profiler, ObjectMapper mapper, OipJson json) {

    @PostMapping("/v2/repository/index")
    @Operation(operationId = "repositoryIndex", summary = "Every model with its state (Triton's model repository "
            + "extension)", requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = RepositoryIndexRequest.class))))
    @ApiResponse(responseCode = "200", description = "In name order", content = @Content(mediaType = "application/json",
            array = @ArraySchema(schema = @Schema(implementation = RepositoryIndexEntry.class))))
    @ApiResponse(responseCode = "400", description = "The body is not {\"ready\": boolean}", content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = InferenceErrorResponse.class)))
    @ApiResponse(responseCode = "503", description = "Registry unavailable", content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = InferenceErrorResponse.class)))
    public ResponseEntity<byte[]> index(@RequestBody(required = false) byte[] body) {
        boolean readyOnly = readyOnly(body);
        List<String> names = registry.applicationNames();
        List<CompletableFuture<Optional<ApplicationState>>> states = new ArrayList<>(names.size());
        List<CompletableFuture<Set<String>>> profiling = new ArrayList<>(names.size());
        for (String name : names) {
            states.add(scheduler.application(name));
            profiling.add(profiler.variantsBeingProfiled(name));
        }
        List<Map<String, Object>> index = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            String state;
            String reason;
            Optional<ApplicationState> scheduled = null;
            try {
                scheduled = states.get(i).join();
                state = scheduled.map(a -> a.ready() ? "READY" : "UNAVAILABLE").orElse("UNAVAILABLE");
                reason = scheduled.map(a -> a.ready() ? "" : String.valueOf(a.reason()))
                        .orElse("the scheduler does not know it");
            } catch (CompletionException e) {
                state = "UNAVAILABLE";
                reason = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
            }
            if (readyOnly && !"READY".equals(state)) {
                continue;
            }
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", names.get(i));
            entry.put("state", state);
            entry.put("reason", reason);
            ModelState modelState = scheduled == null ? null : modelState(names.get(i), scheduled, profiling.get(i));
            if (modelState != null) {
                entry.put("model_state", modelState.state());
                entry.put("version_states", modelState.versions());
            }
            index.add(entry);
        }
        return json.answer(200, index);
    }

    /** The state the model's metadata reports; null when the registry cannot be read (the entry still lists it). */
    private ModelState modelState(String name, Optional<ApplicationState> scheduled,
                                  CompletableFuture<Set<String>> profiling) {
        try {
            return applications.get(name).map(def -> ModelState.of(def, scheduled, profiling.join(), null)).orElse(null);
        } catch (GatewayException e) {
            return null;
        }
    }

    private boolean readyOnly(byte[] body) {
        if (body == null || body.length == 0) {
            return false;
        }
        try {
            JsonNode node = mapper.readTree(body);
            if (node == null || node.isNull()) {
                return false;
            }
            if (!node.isObject()) {
                throw GatewayException.badRequest("the body must be a JSON object such as {\"ready\": true}");
            }
            JsonNode ready = node.get("ready");
            if (ready != null && !ready.isBoolean()) {
                throw GatewayException.badRequest("ready must be true or false");
            }
            return ready != null && ready.asBoolean();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw GatewayException.badRequest(io.baton.gateway.JsonErrors.describe(e));
        } catch (java.io.IOException e) {
            throw GatewayException.badRequest("the request body could not be read");
        }
    }
}
