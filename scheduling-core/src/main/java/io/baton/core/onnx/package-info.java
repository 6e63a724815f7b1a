/**
 * A dependency-free ONNX writer and reader. Writing: {@link io.baton.core.onnx.GraphBuilder} builds an
 * {@link io.baton.core.onnx.OnnxModel} (ModelProto, IR 8, opset 17) one operator at a time, hand-encoded by
 * {@link io.baton.core.onnx.ProtoWriter}. It lives here, not with the CLI's model zoo and benches that use it most,
 * because the profiler writes with it too: Schemble's difficulty predictor and the interference harness's random
 * graphs.
 *
 * <p>Reading, to keep an uploaded model from making ONNX Runtime read host files:
 * {@link io.baton.core.onnx.ExternalDataScanner} (a bounded {@link io.baton.core.onnx.ProtoReader} that finds every
 * tensor pointing outside its model), {@link io.baton.core.onnx.ModelArchive} (a zip of one model and its data files),
 * {@link io.baton.core.onnx.ExternalDataInliner} and {@link io.baton.core.onnx.ModelDirectory} (a private, owner-only
 * directory per opened model). The registry, profiler and worker all use these.
 * {@link io.baton.core.onnx.OutsidePointingModels} and {@link io.baton.core.onnx.InputDrivenCostModels} build hostile
 * models for the services' tests.
 */
package io.baton.core.onnx;
