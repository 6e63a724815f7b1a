package io.baton.registry.dataset;

import java.time.Instant;

import io.baton.registry.tensor.TensorSpec;

/** A validation dataset as the API shows it; the bytes are at {@code /v1/artifacts/{digest}/content}. */
public record DatasetView(String name, String application, String inputsDigest, String labelsDigest, int sampleCount,
                          TensorSpec inputSpec, Instant createdAt, long version) {

    static DatasetView of(DatasetEntity d, String application) {
        return new DatasetView(d.name(), application, d.inputsDigest(), d.labelsDigest(), d.sampleCount(),
                d.inputSpec(), d.createdAt(), d.version());
    }
}
