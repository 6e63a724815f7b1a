package io.baton.scheduler.dispatch;

import io.baton.core.domain.LatencyProfile;
import io.baton.scheduler.catalog.CatalogProfile;

/**
 * A variant as dispatch serves it: which application it belongs to, the artifact a worker runs, and the profile
 * (as measured in-process: the engine adds the dispatch overhead it measures) and SLO the policy plans with. Two requests batch together only when they name the same live variant (same
 * application, variant, artifact, profile and batch cap); a changed profile makes a new one.
 *
 * @param profileKey what the profile was read from (device kind, provider, version), so that a re-profiled
 *                   variant is planned with its new numbers
 * @param maxBatch   the largest batch size it may run
 * @param interference the profile's interference features (the {@code interference} policy's predictor reads them),
 *                     null when not measured
 * @param batched    false when the model does not batch along axis 0 ({@code maxBatchSize} 0): each request runs
 *                   alone ({@code maxBatch} is 1) and the worker runs its tensors as sent
 * @param learned    for a variant not profiled yet, the latencies learned from its batches (planned with instead of
 *                   {@code profile}, which is then the prior); null for a profiled one
 */
public record LiveVariant(String application, String variant, String digest, String profileKey,
                          LatencyProfile profile, double sloMs, int maxBatch,
                          CatalogProfile.InterferenceFeatures interference, boolean batched, LearnedLatency learned) {

    public LiveVariant(String application, String variant, String digest, String profileKey, LatencyProfile profile,
                       double sloMs, int maxBatch) {
        this(application, variant, digest, profileKey, profile, sloMs, maxBatch, null, true, null);
    }

    public LiveVariant(String application, String variant, String digest, String profileKey, LatencyProfile profile,
                       double sloMs, int maxBatch, CatalogProfile.InterferenceFeatures interference) {
        this(application, variant, digest, profileKey, profile, sloMs, maxBatch, interference, true, null);
    }

    /** ℓ(b) to plan with now: the profile, or what was learned so far of an unprofiled variant. */
    public LatencyProfile planningProfile() {
        return learned == null ? profile : learned.profile();
    }

    /** The largest batch to plan now: {@code maxBatch}, or less while an unprofiled variant's sizes are learned. */
    public int planningMaxBatch() {
        return learned == null ? maxBatch : learned.cap(maxBatch);
    }

    /** The identity under which requests batch together. */
    String key() {
        return application + '\u0000' + variant + '\u0000' + digest + '\u0000' + profileKey + '\u0000' + maxBatch
                + '\u0000' + batched + '\u0000' + (learned != null);
    }
}
