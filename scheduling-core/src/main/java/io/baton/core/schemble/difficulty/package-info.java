/**
 * Schemble's difficulty predictor (§V-C): the two-headed network ({@link io.baton.core.schemble.difficulty.DifficultyPredictor}),
 * its training on recorded ensemble outputs ({@link io.baton.core.schemble.difficulty.PredictorTraining}, eq. 2), its ONNX
 * export, and the gateway's {@link io.baton.core.policy.Enricher} that serves it through ONNX Runtime
 * ({@link io.baton.core.schemble.difficulty.OnnxDifficultyEnricher}).
 */
package io.baton.core.schemble.difficulty;
