/**
 * ONNX Runtime in this process: {@link io.baton.worker.runtime.SessionFactory} opens sessions with the configured
 * {@link io.baton.commons.runtime.ExecutionProvider} and threads, each from a private directory once the model is
 * checked for tensors pointing outside it ({@link io.baton.worker.runtime.OpenedModel},
 * {@link io.baton.worker.runtime.RefusedModelException}); {@link io.baton.worker.runtime.DeviceProbe} describes the
 * device and {@link io.baton.worker.runtime.ServedTypes} the element types served.
 */
package io.baton.worker.runtime;
