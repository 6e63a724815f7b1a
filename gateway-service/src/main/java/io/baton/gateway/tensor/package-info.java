/**
 * Tensors as the gateway holds them: named little-endian row-major bytes ({@link io.baton.gateway.tensor.Tensor}) of an
 * OIP {@link io.baton.gateway.tensor.Datatype}, converted to and from OIP's JSON {@code data} by
 * {@link io.baton.gateway.tensor.JsonTensors}; {@link io.baton.gateway.tensor.TensorException} names the tensor at
 * fault.
 */
package io.baton.gateway.tensor;
