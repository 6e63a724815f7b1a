/**
 * What the services that run ONNX Runtime (profiler and workers) agree on about it: the
 * {@link io.baton.commons.runtime.ExecutionProvider} a session runs on, named as configuration and the registry name
 * it.
 */
package io.baton.commons.runtime;
