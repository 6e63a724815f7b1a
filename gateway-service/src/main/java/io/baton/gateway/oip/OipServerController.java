package io.baton.gateway.oip;

import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.oip.schema.HealthResponses.ServerLiveResponse;
import io.baton.gateway.oip.schema.HealthResponses.ServerReadyResponse;
import io.baton.gateway.oip.schema.MetadataServerResponse;

/** OIP server routes: liveness, readiness and server metadata. */
@RestController
public class OipServerController {

    /** The OIP / Triton extensions this gateway implements, as {@code GET /v2} lists them. */
    public static final List<String> EXTENSIONS = List.of("binary_tensor_data", "classification",
            "model_repository", "schedule_policy", "trace");

    private final UpstreamHealth health;
    private final OipJson json;
    private final String version;

    public OipServerController(UpstreamHealth health, OipJson json, ObjectProvider<BuildProperties> build) {
        this.health = health;
        this.json = json;
        BuildProperties b = build.getIfAvailable();
        this.version = b == null || b.getVersion() == null ? "dev" : b.getVersion();
    }

    @GetMapping("/v2")
    @Operation(operationId = "serverMetadata", summary = "Server metadata")
    @ApiResponse(responseCode = "200", description = "OK", content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = MetadataServerResponse.class)))
    public ResponseEntity<byte[]> metadata() {
        return json.answer(200, new MetadataServerResponse("baton", version, EXTENSIONS));
    }

    @GetMapping("/v2/health/live")
    @Operation(operationId = "serverLive", summary = "Server liveness")
    @ApiResponse(responseCode = "200", description = "Live", content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = ServerLiveResponse.class)))
    public ResponseEntity<byte[]> live() {
        return json.answer(200, Map.of("live", true));
    }

    /** 200 when the registry and the scheduler answer; 503 naming what does not. */
    @GetMapping("/v2/health/ready")
    @Operation(operationId = "serverReady", summary = "Server readiness: the registry and the scheduler answer")
    @ApiResponse(responseCode = "200", description = "Ready", content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = ServerReadyResponse.class)))
    @ApiResponse(responseCode = "503", description = "Not ready", content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = ServerReadyResponse.class)))
    public ResponseEntity<byte[]> ready() {
        List<String> problems = health.problems();
        return json.readiness(Map.of(), problems.isEmpty() ? null : String.join("; ", problems));
    }
}
