/**
 * The content-addressed artifact store ({@code /v1/artifacts}): blobs named by their SHA-256
 * ({@link io.baton.registry.artifact.ArtifactStore}). An ONNX upload is scanned for tensors that point outside the
 * model and opened with ONNX Runtime before it is kept ({@link io.baton.registry.artifact.ArtifactService},
 * {@link io.baton.registry.artifact.OnnxInspector}), so a model no worker could open safely is refused at upload.
 */
package io.baton.registry.artifact;
