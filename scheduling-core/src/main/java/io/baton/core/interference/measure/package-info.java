/**
 * Interference ground truth on this machine (interference paper §IV-B/C/D): random DNNs as real ONNX graphs
 * ({@link io.baton.core.interference.measure.RandomOnnxGraphs}, Table II scaled to one CPU core), their features and
 * co-run slowdowns measured with ONNX Runtime sessions on two CPU cores
 * ({@link io.baton.core.interference.measure.InterferenceHarness}), the measurements as JSON and in
 * {@link io.baton.core.interference.MeasuredInterference}'s table format
 * ({@link io.baton.core.interference.measure.Calibration}), and the MLP sub-models trained on them
 * ({@link io.baton.core.interference.measure.CpuInterferencePredictor}). Needs ONNX Runtime on the class path
 * (optional in scheduling-core, as for {@code io.baton.core.schemble.OrtRecorder}).
 */
package io.baton.core.interference.measure;
