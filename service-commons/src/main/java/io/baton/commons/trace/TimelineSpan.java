package io.baton.commons.trace;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One span of a request's timeline, as the gateway serves it ({@code GET /v1/requests/{id}/timeline}) and the
 * scheduler reports its part: a name ({@code admission}, {@code enrichment}, {@code queue}, {@code dispatch},
 * {@code transfer}, {@code execution}, {@code aggregation}, ...), the service that measured it, its start in
 * milliseconds from the timeline's origin, its duration, and its attributes (batch id, batch size, worker, policy
 * decision, drop reason) as text.
 */
public record TimelineSpan(String name, String service, @JsonProperty("start_ms") double startMs,
                           @JsonProperty("duration_ms") double durationMs, Map<String, String> attributes) {

    public TimelineSpan {
        attributes = attributes == null ? Map.of() : attributes;
    }

    /** The same span moved by {@code offsetMs} (a part measured on another service's clock, placed on this one's). */
    public TimelineSpan shifted(double offsetMs) {
        return new TimelineSpan(name, service, startMs + offsetMs, durationMs, attributes);
    }
}
