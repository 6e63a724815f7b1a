package io.baton.registry.application;

import java.util.Map;

import io.baton.registry.web.Bounded;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * SneakPeek's penalty function γ_a(d, e) of an application (SneakPeek §3.1): what a late answer costs, as a
 * function of the relative deadline d and the lateness e. The registry stores it; the policy evaluates it.
 *
 * @param type       {@code step} (γ = 1 once late), {@code linear}, {@code sigmoid} or {@code constant}
 * @param parameters the function's numeric parameters by name (for example a sigmoid's steepness), finite; may be
 *                   empty
 */
public record Penalty(
        @NotNull @Pattern(regexp = "step|linear|sigmoid|constant", message = "must be step, linear, sigmoid or constant")
        String type,
        Map<String, @NotNull @Bounded Double> parameters) {

    public Penalty {
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }
}
