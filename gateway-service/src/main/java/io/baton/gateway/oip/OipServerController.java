package io.baton.gateway.oip;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** OIP server routes: liveness, readiness and server metadata. */
@RestController
public class OipServerController {

    /** The OIP / Triton extensions this gateway implements, as {@code GET /v2} lists them. */
    public static final List<String> EXTENSIONS = List.of("binary_tensor_data", "model_repository",
            "schedule_policy");

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
    public ResponseEntity<byte[]> metadata() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", "baton");
        body.put("version", version);
        body.put("extensions", EXTENSIONS);
        return json.answer(200, body);
    }

    @GetMapping("/v2/health/live")
    public ResponseEntity<byte[]> live() {
        return json.answer(200, Map.of("live", true));
    }

    /** 200 when the registry and the scheduler answer; 503 naming what does not. */
    @GetMapping("/v2/health/ready")
    public ResponseEntity<byte[]> ready() {
        List<String> problems = health.problems();
        if (problems.isEmpty()) {
            return json.answer(200, Map.of("ready", true));
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ready", false);
        body.put("error", String.join("; ", problems));
        return json.answer(503, body);
    }
}
