package io.baton.registry.application;

import static io.baton.core.policy.PolicyIds.INTERFERENCE;
import static io.baton.core.policy.PolicyIds.INTERFERENCE_OFF;
import static io.baton.core.policy.PolicyIds.IPA;
import static io.baton.core.policy.PolicyIds.SCHEMBLE;
import static io.baton.core.policy.PolicyIds.SNEAKPEEK;
import static io.baton.core.policy.PolicyIds.SYMPHONY;
import static io.baton.core.policy.PolicyIds.WORK_CONSERVING;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import io.baton.registry.tensor.TensorSpec;
import io.baton.registry.web.Bounded;

import io.swagger.v3.oas.annotations.media.Schema;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /v1/applications} and {@code PUT /v1/applications/{name}}.
 *
 * @param name         unique; letters, digits, '.', '_' and '-' (it appears in URLs)
 * @param kind         single | ensemble | pipeline; fixed once created
 * @param policy       the scheduling policy id, one the scheduler runs live and that serves the kind
 *                     ({@link io.baton.core.registry.ApplicationPolicies}); checked by the service
 * @param policyParams the policy's parameters, a JSON object passed through to it (default {})
 * @param sloMs        end-to-end deadline of a request, ms: from {@value #MIN_SLO_MS} ms (below that no inference can
 *                     meet it, and every request would be dropped) to {@value #MAX_SLO_MS} ms (one hour: beyond it an
 *                     SLO is no deadline at all); finite
 * @param classes      class labels, at most {@value #MAX_CLASSES}, each 1 to {@value #MAX_CLASS_NAME} characters
 * @param penalty      SneakPeek's penalty function; its parameters must be finite numbers
 * @param version      required by PUT: the version last read (≥ 0); a stale one is refused with 409
 */
public record ApplicationRequest(
        @NotBlank @Pattern(regexp = NAME, message = "must be 1-128 letters, digits, '.', '_' or '-'") String name,
        @NotNull @Pattern(regexp = "single|ensemble|pipeline", message = "must be single, ensemble or pipeline") String kind,
        @NotBlank @Schema(allowableValues = {SYMPHONY, WORK_CONSERVING, INTERFERENCE, INTERFERENCE_OFF, SCHEMBLE,
                SNEAKPEEK, IPA}, description = SCHEMBLE + " serves ensembles only, " + SNEAKPEEK + " single-model "
                + "applications only, " + IPA + " pipelines only; the others every kind") String policy,
        JsonNode policyParams,
        @NotNull @Bounded(min = MIN_SLO_MS, max = MAX_SLO_MS, unit = "ms") Double sloMs,
        List<@NotNull @Valid TensorSpec> inputs,
        List<@NotNull @Valid TensorSpec> outputs,
        @Size(max = MAX_CLASSES, message = "must hold at most " + MAX_CLASSES + " class labels")
        List<@NotBlank @Size(min = 1, max = MAX_CLASS_NAME, message = "must be 1 to " + MAX_CLASS_NAME + " characters") String> classes,
        @Valid Penalty penalty,
        @PositiveOrZero Long version) {

    public static final double MIN_SLO_MS = 0.1;
    public static final double MAX_SLO_MS = 3_600_000;
    public static final int MAX_CLASSES = 100_000;
    public static final int MAX_CLASS_NAME = 256;

    public static final String NAME = "[A-Za-z0-9][A-Za-z0-9._-]{0,127}";

    public ApplicationRequest {
        policyParams = policyParams == null || policyParams.isNull() ? JsonNodeFactory.instance.objectNode() : policyParams;
        inputs = inputs == null ? List.of() : inputs;
        outputs = outputs == null ? List.of() : outputs;
        classes = classes == null ? List.of() : classes;
    }
}
