package io.baton.gateway.security;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.DefaultCorsProcessor;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.filter.CorsFilter;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.admin.ApiKeyFilter;
import io.baton.gateway.admin.ProblemBody;
import io.baton.commons.problem.ProblemTypes;

/**
 * Cross-origin access, only for the origins of {@code baton.gateway.cors.allowed-origins} (with none, this filter is
 * not installed and no CORS header is ever sent, so browsers refuse every cross-origin call). It runs before the
 * API-key filter: a browser's preflight carries no key. Keys travel in headers, never cookies, so credentials are not
 * allowed. A cross-origin request from another origin, or asking for a method or header not listed, is 403 with a
 * problem body.
 */
public final class CrossOrigin {

    static final List<String> METHODS = List.of("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS");
    static final List<String> REQUEST_HEADERS = List.of("Content-Type", "Accept", ApiKeyFilter.HEADER, "Authorization",
            "Inference-Header-Content-Length", "If-Match", "If-None-Match");
    static final List<String> RESPONSE_HEADERS = List.of("Location", "ETag", "Inference-Header-Content-Length",
            "WWW-Authenticate");
    static final Duration PREFLIGHT_MAX_AGE = Duration.ofMinutes(30);

    private CrossOrigin() {
    }

    public static CorsFilter filter(List<String> allowedOrigins, ObjectMapper json) {
        CorsConfiguration config = new CorsConfiguration();
        config.setAllowedOrigins(allowedOrigins);
        config.setAllowedMethods(METHODS);
        config.setAllowedHeaders(REQUEST_HEADERS);
        config.setExposedHeaders(RESPONSE_HEADERS);
        config.setAllowCredentials(false);
        config.setMaxAge(PREFLIGHT_MAX_AGE);
        UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
        source.registerCorsConfiguration("/**", config);
        CorsFilter filter = new CorsFilter(source);
        filter.setCorsProcessor(new ProblemCorsProcessor(json));
        return filter;
    }

    /** Spring's processor, but a refusal is an RFC 7807 body rather than the text "Invalid CORS request". */
    static final class ProblemCorsProcessor extends DefaultCorsProcessor {
        private final ObjectMapper json;

        ProblemCorsProcessor(ObjectMapper json) {
            this.json = json;
        }

        @Override
        protected void rejectRequest(ServerHttpResponse response) throws IOException {
            response.setStatusCode(HttpStatus.FORBIDDEN);
            response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
            response.getBody().write(json.writeValueAsBytes(new ProblemBody(ProblemTypes.type("cors-refused"), "Forbidden", 403,
                    "cross-origin request refused: its Origin is not one of baton.gateway.cors.allowed-origins, or "
                            + "it asks for a method or header the gateway does not allow (methods " + METHODS
                            + ", headers " + REQUEST_HEADERS + ")", null, "Origin")));
            response.flush();
        }
    }
}
