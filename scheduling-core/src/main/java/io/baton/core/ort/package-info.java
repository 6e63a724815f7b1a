/**
 * What the services that run models in ONNX Runtime (the worker serving them, the profiler measuring them) both need
 * around its Java API: {@link io.baton.core.ort.ElementTypes}, its element type for an ONNX element type number, and
 * {@link io.baton.core.ort.UnsignedTensors}, input tensors of the unsigned types the public API has no Java type for.
 * Needs ONNX Runtime on the class path (optional in scheduling-core: each service declares its own artifact, the CPU
 * one or the CUDA one, and this code runs on either).
 */
package io.baton.core.ort;
