package io.baton.gateway.oip.schema;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Triton's trace extension, {@code GET}/{@code POST /v2[/models/{model}]/trace/setting}: the settings in force, and
 * (each optional, null to clear) the ones a request changes. Values are strings, as Triton writes them; a request may
 * send the level as one string and the numbers as JSON numbers too.
 */
public record TraceSetting(
        @JsonProperty("trace_level")
        @Schema(description = "[\"TIMESTAMPS\"]: requests are traced; [\"OFF\"]: none is. TENSORS is refused.")
        List<String> traceLevel,
        @JsonProperty("trace_rate")
        @Schema(description = "One request in this many is traced (the first of each), counted per scope: globally, "
                + "or per model with settings of its own.", example = "1000")
        String traceRate,
        @JsonProperty("trace_count")
        @Schema(description = "How many more requests are traced, counting down; -1: no limit.", example = "-1")
        String traceCount,
        @JsonProperty("trace_mode")
        @Schema(description = "Always opentelemetry (read only): sampled requests' spans leave over OTLP when "
                + "management.otlp.tracing.endpoint (BATON_OTLP_ENDPOINT) is set.", example = "opentelemetry")
        String traceMode) {
}
