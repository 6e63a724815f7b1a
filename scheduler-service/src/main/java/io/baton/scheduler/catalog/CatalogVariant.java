package io.baton.scheduler.catalog;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.baton.commons.tensor.TensorSpec;

/**
 * A variant with its ONNX artifact's digest, its tensors and its profiles (one per device kind × provider).
 *
 * @param maxBatchSize the registry's batching limit: 0 the model does not batch along axis 0 (each request runs alone,
 *                     as sent); N ≥ 1 batches of up to N rows; null (a registry that predates the field) batchable,
 *                     limited by the largest profiled batch as before
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CatalogVariant(String name, int stage, String artifactDigest, List<TensorSpec> inputs,
                             List<TensorSpec> outputs, List<CatalogProfile> profiles, Integer maxBatchSize) {

    public CatalogVariant {
        inputs = inputs == null ? List.of() : List.copyOf(inputs);
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        if (maxBatchSize != null && maxBatchSize < 0) maxBatchSize = null; // not the registry's: read as left out
    }

    /** A variant read from a registry that says nothing of batching. */
    public CatalogVariant(String name, int stage, String artifactDigest, List<TensorSpec> inputs,
                          List<TensorSpec> outputs, List<CatalogProfile> profiles) {
        this(name, stage, artifactDigest, inputs, outputs, profiles, null);
    }

    /** Whether requests may share a batch along axis 0 ({@code maxBatchSize} left out or ≥ 1). */
    public boolean batchable() {
        return maxBatchSize == null || maxBatchSize > 0;
    }

    /**
     * The largest batch it may run, under {@code limit} (the scheduler's own and any plan's): 1 when it does not
     * batch, else at most its {@code maxBatchSize}.
     */
    public int batchCap(int limit) {
        if (!batchable()) return 1;
        return Math.max(1, maxBatchSize == null ? limit : Math.min(limit, maxBatchSize));
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
