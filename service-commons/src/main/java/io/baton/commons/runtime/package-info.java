/**
 * What the services that run ONNX Runtime (profiler and workers) agree on about it: the
 * {@link io.baton.commons.runtime.ExecutionProvider} a session runs on, named as configuration and the registry name
 * it, and how such a process reads its own resident memory ({@link io.baton.commons.runtime.ResidentMemory}).
 */
package io.baton.commons.runtime;
