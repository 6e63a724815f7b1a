package io.baton.gateway.scheduler;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** What the scheduler says of an application ({@code GET /internal/v1/applications/{app}}). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ApplicationState(String application, String policy, String state, String reason,
                               String defaultVariant, int liveWorkers, List<VariantState> variants) {

    public ApplicationState {
        variants = variants == null ? List.of() : List.copyOf(variants);
    }

    public boolean ready() {
        return "READY".equals(state);
    }

    /**
     * Whether {@code variant} can be served now: a live worker, and a profile to plan its deadline with or a
     * scheduler that serves it unprofiled (work-conserving, latencies learned online).
     */
    public boolean ready(String variant) {
        return ready() || liveWorkers > 0 && variants.stream().anyMatch(v -> v.name().equals(variant) && v.servable());
    }

    /** Why {@code variant} cannot be served (when {@link #ready(String)} is false). */
    public String reasonFor(String variant) {
        if (liveWorkers <= 0) {
            return reason != null ? reason : "no live worker";
        }
        return variants.stream().anyMatch(v -> v.name().equals(variant))
                ? "variant " + variant + " is not profiled yet"
                : "the scheduler does not know variant " + variant;
    }

    /**
     * @param profile the scheduler's {@code "profiled"} or {@code "unprofiled"}; null from a scheduler that does not
     *                say (it then serves only profiled variants, and {@code profiled} tells)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record VariantState(String name, String digest, boolean profiled, String profile) {

        @JsonCreator
        public VariantState {
        }

        public VariantState(String name, String digest, boolean profiled) {
            this(name, digest, profiled, null);
        }

        /** Whether a latency profile plans this variant's deadlines. */
        public boolean hasProfile() {
            return profile == null ? profiled : PROFILED.equals(profile);
        }

        /** Whether the scheduler serves it: profiled, or unprofiled where the scheduler says so. */
        public boolean servable() {
            return hasProfile() || UNPROFILED.equals(profile);
        }
    }

    public static final String PROFILED = "profiled", UNPROFILED = "unprofiled";
}
