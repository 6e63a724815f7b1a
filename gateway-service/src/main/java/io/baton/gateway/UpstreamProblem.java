package io.baton.gateway;

import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.commons.problem.ProblemTypes;

/**
 * An RFC 7807 problem body another Baton service answered with: {@code slug} is the part of {@code type} after
 * {@code urn:baton:problem:}; {@code reason} is the scheduler's drop reason where it gives one.
 */
public record UpstreamProblem(int status, String slug, String detail, String field, String reason) {

    /** Reads a problem body; a body that is not one becomes its text (cut short) as the detail. */
    public static UpstreamProblem parse(ObjectMapper json, int status, byte[] body) {
        try {
            JsonNode node = json.readTree(body);
            if (node != null && node.isObject()) {
                String type = text(node, "type");
                String slug = ProblemTypes.slugOf(type);
                String detail = text(node, "detail");
                if (detail == null) {
                    detail = text(node, "title");
                }
                return new UpstreamProblem(status, slug, detail, text(node, "field"), text(node, "reason"));
            }
        } catch (Exception notJson) {
            // fall through: report the raw text
        }
        String text = new String(body, StandardCharsets.UTF_8).strip();
        if (text.length() > 300) {
            text = text.substring(0, 300) + "…";
        }
        return new UpstreamProblem(status, null, text.isEmpty() ? "HTTP " + status : text, null, null);
    }

    /** The detail, with the field at fault when the problem names one and the detail does not. */
    public String describe() {
        String d = detail == null ? "HTTP " + status : detail;
        return field == null || d.contains(field) ? d : d + " (field " + field + ")";
    }

    private static String text(JsonNode node, String name) {
        JsonNode v = node.get(name);
        return v == null || v.isNull() ? null : v.asText();
    }
}
