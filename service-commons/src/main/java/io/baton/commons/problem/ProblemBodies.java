package io.baton.commons.problem;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A problem body written outside Spring MVC's advice (a servlet filter, a refusal before any route), with the members
 * in the order {@link org.springframework.http.ProblemDetail} writes them.
 */
public final class ProblemBodies {

    private ProblemBodies() {
    }

    /** {@code {"type": "urn:baton:problem:<slug>", "title", "status", "detail", "instance"}}, ready for Jackson. */
    public static Map<String, Object> of(String slug, String title, int status, String detail, String instance) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", ProblemTypes.type(slug));
        body.put("title", title);
        body.put("status", status);
        body.put("detail", detail);
        body.put("instance", instance);
        return body;
    }
}
