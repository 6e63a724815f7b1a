package io.baton.registry.artifact;

import java.time.Instant;
import java.util.List;

import io.baton.registry.tensor.TensorSpec;

/** An artifact's metadata; its bytes are at {@code GET /v1/artifacts/{digest}/content}. */
public record ArtifactView(String digest, String mediaType, long sizeBytes, List<TensorSpec> inputs,
                           List<TensorSpec> outputs, Instant createdAt) {

    static ArtifactView of(ArtifactEntity a) {
        return new ArtifactView(a.digest(), a.mediaType().name(), a.sizeBytes(), a.inputs(), a.outputs(), a.createdAt());
    }
}
