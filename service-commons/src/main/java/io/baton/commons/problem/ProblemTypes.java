package io.baton.commons.problem;

import java.net.URI;

/**
 * The {@code type} of every RFC 7807 problem the suite answers: {@code urn:baton:problem:<slug>}. The slugs that more
 * than one service answers with are named here; a slug only one route uses stays a literal at that route.
 */
public final class ProblemTypes {

    /** What every problem {@code type} starts with; the rest is the slug. */
    public static final String PREFIX = "urn:baton:problem:";

    /** A request field holds a value the route refuses (400). */
    public static final String INVALID_REQUEST = "invalid-request";
    /** The body is not JSON, or past the JSON reader's limits (400). */
    public static final String MALFORMED_JSON = "malformed-json";
    /** The named resource does not exist (404). */
    public static final String NOT_FOUND = "not-found";
    /** Well-formed, but the request cannot be carried out as asked (422). */
    public static final String UNPROCESSABLE = "unprocessable";
    /** The change conflicts with the current state (409). */
    public static final String CONFLICT = "conflict";
    /** The resource was changed since the client read it (409). */
    public static final String STALE_VERSION = "stale-version";
    /** No valid credential (401). */
    public static final String UNAUTHORIZED = "unauthorized";
    /** The path does not take the method (405). */
    public static final String METHOD_NOT_ALLOWED = "method-not-allowed";
    /** The body is larger than the route accepts (413). */
    public static final String TOO_LARGE = "too-large";

    private ProblemTypes() {
    }

    /** {@code urn:baton:problem:<slug>}. */
    public static String type(String slug) {
        return PREFIX + slug;
    }

    /** {@link #type} as a URI, as {@link org.springframework.http.ProblemDetail} holds it. */
    public static URI uri(String slug) {
        return URI.create(type(slug));
    }

    /**
     * The slug for a refusal of Spring MVC's own (a missing parameter, 405, 415, ...) that names no type of ours:
     * {@code http-<status>}.
     */
    public static String forStatus(int status) {
        return "http-" + status;
    }

    /** The slug of a {@code type} we wrote; another type as it is; null for null. */
    public static String slugOf(String type) {
        return type != null && type.startsWith(PREFIX) ? type.substring(PREFIX.length()) : type;
    }
}
