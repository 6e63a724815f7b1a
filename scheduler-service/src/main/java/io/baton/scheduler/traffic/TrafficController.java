package io.baton.scheduler.traffic;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.scheduler.web.ApiException;

/**
 * {@code GET /internal/v1/traffic?since=}: the traffic recording as one CSV trace ({@link TrafficDownload}), streamed.
 * {@code since} is an ISO-8601 instant or ms since the Unix epoch; anything else is a 400 problem naming it. 404 when
 * the recording is off. The gateway passes it on at {@code GET /v1/traffic}.
 */
@RestController
public class TrafficController {

    private final Optional<TrafficRecorder> recorder;

    public TrafficController(Optional<TrafficRecorder> recorder) {
        this.recorder = recorder;
    }

    @GetMapping("/internal/v1/traffic")
    @Operation(operationId = "downloadTraffic", summary = "The recorded traffic since an instant, as a CSV trace that "
            + "bin/baton simulate replays and bin/baton twin compares (columns: timeMs,model,deadlineMs,rows,outcome,"
            + "reason,latencyMs,batchSize,worker,variant,policy; times in ms after the '# origin' line)")
    @ApiResponse(responseCode = "200", description = "The trace", content = @Content(mediaType = "text/csv",
            schema = @Schema(type = "string")))
    public void traffic(@Parameter(description = "only requests that arrived at or after this: an ISO-8601 instant "
            + "(2026-11-27T10:00:00Z) or ms since the Unix epoch; absent: everything kept")
                        @RequestParam(required = false) String since, HttpServletResponse response) throws IOException {
        double sinceMs = since(since);
        TrafficRecorder r = recorder.orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "not-found",
                "the traffic recording is off (baton.scheduler.traffic.enabled=false)"));
        TrafficDownload download = new TrafficDownload(r.files().files(), sinceMs);
        response.setStatus(200);
        response.setContentType("text/csv;charset=UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"traffic.csv\"");
        try (Writer out = new OutputStreamWriter(response.getOutputStream(), StandardCharsets.UTF_8)) {
            download.writeTo(out);
        }
    }

    /** {@code since} as ms since the Unix epoch, or a 400 problem naming it. */
    static double since(String since) {
        if (since == null || since.isEmpty()) return Double.NEGATIVE_INFINITY;
        if (since.length() <= 19 && since.chars().allMatch(Character::isDigit)) return Long.parseLong(since);
        try {
            Instant at = Instant.parse(since);
            return at.getEpochSecond() * 1000.0 + at.getNano() / 1e6;
        } catch (DateTimeParseException e) {
            String shown = since.length() > 64 ? since.substring(0, 64) + "…" : since;
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "since: must be an ISO-8601 instant "
                    + "(e.g. 2026-11-27T10:00:00Z) or ms since the Unix epoch, got '" + shown + "'").withField("since");
        }
    }
}
