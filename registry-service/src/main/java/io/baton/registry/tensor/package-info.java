/**
 * Tensor specs as the registry declares them ({@link io.baton.registry.tensor.TensorSpec}: OIP datatype and shape) and
 * the check that declared specs fit what the model really takes ({@link io.baton.registry.tensor.TensorSpecs}).
 */
package io.baton.registry.tensor;
