/**
 * Tensors as the services exchange them, for every Open Inference Protocol datatype: the {@link
 * io.baton.commons.tensor.Datatype}s with their widths and ONNX element types, named little-endian row-major bytes
 * ({@link io.baton.commons.tensor.Tensor}), their JSON form ({@link io.baton.commons.tensor.JsonTensors}, including
 * FP16 and BF16 through {@link io.baton.commons.tensor.HalfFloats}), the registry's {@link
 * io.baton.commons.tensor.TensorSpec} and the JSON limits of the internal base64 wire ({@link
 * io.baton.commons.tensor.TensorWire}). Which datatypes a service admits is the service's decision; the codec
 * handles them all.
 */
package io.baton.commons.tensor;
