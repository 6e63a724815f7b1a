/**
 * An ensemble application's Schemble profile ({@code /v1/applications/{app}/ensemble-profile}): temperatures,
 * normalisers, score bins, the (bin, subset) accuracy table and the difficulty predictor, written by the profiler and
 * checked for consistent shapes by {@link io.baton.registry.ensemble.EnsembleProfileService}.
 */
package io.baton.registry.ensemble;
