/**
 * Measured profiles, one per variant × device kind × execution provider
 * ({@code /v1/applications/{app}/variants/{variant}/profiles}): latency points
 * ({@link io.baton.registry.profile.LatencyPoint}), per-class recall, confusion matrix and
 * {@link io.baton.registry.profile.InterferenceFeatures}. {@link io.baton.registry.profile.ProfileService} fills in the
 * fits the profiler leaves out with scheduling-core's {@code LatencyProfile}.
 */
package io.baton.registry.profile;
