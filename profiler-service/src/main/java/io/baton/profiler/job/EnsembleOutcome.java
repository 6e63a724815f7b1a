package io.baton.profiler.job;

import io.baton.profiler.registry.EnsembleProfileBody;

/**
 * A whole ensemble's profile, derived and written to the registry.
 *
 * @param profile     exactly what was PUT ({@code outputsDigest}: the recorded outputs, stored as a data artifact)
 * @param profilePath where it is in the registry
 * @param durationMs  wall time of the step: recording every base model on the validation set, the fits, the writes
 */
public record EnsembleOutcome(EnsembleProfileBody profile, String profilePath, double durationMs) {
}
