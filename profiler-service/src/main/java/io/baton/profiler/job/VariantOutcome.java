package io.baton.profiler.job;

import java.util.List;

import io.baton.profiler.registry.ProfileBody;
import io.baton.profiler.registry.ProfileBody.LatencyPoint;

/**
 * One variant of a job, measured and written to the registry.
 *
 * @param profile       what was written (its latency is the monotone curve)
 * @param profilePath   where it is in the registry
 * @param rawLatency    the points as measured, before monotone-ising
 * @param residentBytes resident-set delta of loading (also on a GPU, where {@code profile.memoryBytes} is GPU bytes)
 * @param accuracyNote  why accuracy is missing, when it is
 * @param durationMs    wall time of this variant: download, measurement and the write
 * @param interferenceMs     wall time of measuring its interference features (within durationMs), when measured
 * @param interferenceNote   why {@code profile.interference} is missing, when it is
 */
public record VariantOutcome(String variant, ProfileBody profile, String profilePath, List<LatencyPoint> rawLatency,
                             long residentBytes, String accuracyNote, double durationMs, Double interferenceMs,
                             String interferenceNote) {
}
