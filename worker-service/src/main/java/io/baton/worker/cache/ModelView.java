package io.baton.worker.cache;

import java.time.Instant;
import java.util.List;

/**
 * A resident model as {@code GET /internal/v1/models} reports it.
 *
 * @param digest             SHA-256 of the ONNX artifact (the variant's name on a worker)
 * @param artifactBytes      size of the ONNX file
 * @param footprintBytes     what the model counts against the memory budget: max(artifactBytes, residentDeltaBytes)
 * @param residentDeltaBytes growth of the process's resident set across the session's creation (-1 if unknown)
 * @param fetchMs            time to fetch the artifact from its source
 * @param loadMs             time to create the ONNX Runtime session from the bytes (the swap-in cost)
 * @param loadedAt           when it became resident
 * @param lastUsedAt         when a batch or load last touched it (the LRU order)
 * @param batches            batches run on it since it was loaded
 * @param inUse              batches running on it now
 * @param inputs             its inputs
 * @param outputs            its outputs
 */
public record ModelView(
        String digest,
        long artifactBytes,
        long footprintBytes,
        long residentDeltaBytes,
        double fetchMs,
        double loadMs,
        Instant loadedAt,
        Instant lastUsedAt,
        long batches,
        int inUse,
        List<TensorSpec> inputs,
        List<TensorSpec> outputs) {
}
