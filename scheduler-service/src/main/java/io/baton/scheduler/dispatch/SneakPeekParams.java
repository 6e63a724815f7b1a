package io.baton.scheduler.dispatch;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.core.sneakpeek.DirichletPrior;
import io.baton.core.sneakpeek.Penalty;
import io.baton.scheduler.catalog.CatalogApplication;
import io.baton.scheduler.web.ApiException;
import org.springframework.http.HttpStatus;

/**
 * A sneakpeek application's {@code policyParams}, read as the paper's knobs (§3.1, §4.1):
 * <ul>
 *   <li>{@code prior}: the Dirichlet prior, a number α for every class or one α per class (default 0.5 per class,
 *       Jeffreys, the paper's);</li>
 *   <li>{@code penalty}: {@code {"type":"sigmoid"}} (default, the paper's: relative to the time left to the request's
 *       deadline when its window is planned, d, with the full penalty at 2d; see
 *       {@link io.baton.core.sneakpeek.SchedulingWindow.DeadlineBudget#FROM_NOW}), {@code {"type":"linear"}} (relative), {@code {"type":"step"}}, or the contract's
 *       absolute forms {@code {"type":"sigmoid","scaleMs":s}} and {@code {"type":"linear","perMs":x}}.</li>
 * </ul>
 * A malformed value is a 400 naming it, at the request that meets it.
 */
final class SneakPeekParams {
    private SneakPeekParams() {
    }

    static DirichletPrior prior(CatalogApplication app, int classes) {
        JsonNode p = app.policyParams().get("prior");
        try {
            if (p == null || p.isNull()) return DirichletPrior.jeffreys(classes);
            if (p.isNumber()) return DirichletPrior.constant(classes, p.asDouble());
            if (p.isArray() && p.size() == classes) {
                double[] alpha = new double[classes];
                for (int i = 0; i < classes; i++) alpha[i] = p.get(i).asDouble(Double.NaN);
                return new DirichletPrior(alpha);
            }
        } catch (IllegalArgumentException e) {
            throw bad("prior", e.getMessage());
        }
        throw bad("prior", "must be a number or " + classes + " numbers (one per class), got " + p);
    }

    static Penalty penalty(CatalogApplication app) {
        JsonNode p = app.policyParams().get("penalty");
        if (p == null || p.isNull()) return new Penalty.RelativeSigmoid();
        String type = p.path("type").asText("");
        try {
            return switch (type) {
                case "step" -> new Penalty.Step();
                case "sigmoid" -> p.has("scaleMs") ? new Penalty.Sigmoid(p.get("scaleMs").asDouble(Double.NaN))
                        : new Penalty.RelativeSigmoid();
                case "linear" -> p.has("perMs") ? new Penalty.Linear(p.get("perMs").asDouble(Double.NaN))
                        : new Penalty.RelativeLinear();
                default -> throw bad("penalty.type", "must be step, linear or sigmoid, got '" + type + "'");
            };
        } catch (IllegalArgumentException e) {
            throw bad("penalty", e.getMessage());
        }
    }

    private static ApiException bad(String field, String why) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "policyParams." + field + ": " + why)
                .withField("policyParams." + field);
    }
}
