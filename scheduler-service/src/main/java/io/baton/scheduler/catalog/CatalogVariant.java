package io.baton.scheduler.catalog;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.baton.commons.tensor.TensorSpec;

/** A variant with its ONNX artifact's digest, its tensors and its profiles (one per device kind × provider). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CatalogVariant(String name, int stage, String artifactDigest, List<TensorSpec> inputs,
                             List<TensorSpec> outputs, List<CatalogProfile> profiles) {

    public CatalogVariant {
        inputs = inputs == null ? List.of() : List.copyOf(inputs);
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
    }

    /**
     * The profile to plan with on a device of this kind and provider: the exact one, else one of the same device
     * kind, else any (a CPU profile is a better guess than none), else empty when the variant was never profiled.
     */
    public Optional<CatalogProfile> profileFor(String deviceKind, String provider) {
        Comparator<CatalogProfile> closeness = Comparator.comparingInt(p ->
                (p.deviceKind().equals(deviceKind) ? 0 : 2) + (p.executionProvider().equals(provider) ? 0 : 1));
        return profiles.stream().filter(CatalogProfile::usable).min(closeness);
    }
}
