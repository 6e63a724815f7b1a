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
 */
public record LiveVariant(String application, String variant, String digest, String profileKey,
                          LatencyProfile profile, double sloMs, int maxBatch,
                          CatalogProfile.InterferenceFeatures interference) {

    public LiveVariant(String application, String variant, String digest, String profileKey, LatencyProfile profile,
                       double sloMs, int maxBatch) {
        this(application, variant, digest, profileKey, profile, sloMs, maxBatch, null);
    }

    /** The identity under which requests batch together. */
    String key() {
        return application + '\u0000' + variant + '\u0000' + digest + '\u0000' + profileKey + '\u0000' + maxBatch;
    }
}
