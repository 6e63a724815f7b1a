/**
 * Where a worker gets a model's bytes, by SHA-256 digest: {@link io.baton.worker.artifact.ArtifactSource}, from the
 * registry ({@link io.baton.worker.artifact.HttpArtifactSource}) or a local directory
 * ({@link io.baton.worker.artifact.DirectoryArtifactSource}), picked by
 * {@link io.baton.worker.artifact.ArtifactSources}; bytes that do not hash to their digest are refused.
 */
package io.baton.worker.artifact;
