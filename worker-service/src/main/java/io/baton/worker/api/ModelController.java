package io.baton.worker.api;

import java.util.List;

import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;

import io.baton.worker.WorkerProperties;
import io.baton.worker.artifact.Digests;
import io.baton.worker.batch.BadInputException;
import io.baton.worker.cache.LoadReport;
import io.baton.worker.cache.ModelCache;
import io.baton.worker.cache.ModelView;
import io.baton.worker.cache.UnloadRecord;

/** The model cache over HTTP: what is resident, explicit loads (pre-warming, SneakPeek swaps) and unloads. */
@RestController
record ModelController(ModelCache cache, WorkerProperties properties) {

    /**
     * @param models        resident models, most recently used first
     * @param recentUnloads the last evictions and unloads, newest first, with their timings
     */
    record Models(String deviceId, long memoryBudgetBytes, long residentBytes, List<ModelView> models,
                  List<UnloadRecord> recentUnloads) {
    }

    @GetMapping("/internal/v1/models")
    @Operation(operationId = "listModels", summary = "Resident models, most recently used first, and recent unloads")
    Models models() {
        return new Models(properties.deviceId(), cache.budgetBytes(), cache.residentBytes(), cache.models(),
                cache.recentUnloads());
    }

    @PostMapping("/internal/v1/models/{digest}/load")
    @Operation(operationId = "loadModel", summary = "Load a model by its artifact digest")
    LoadReport load(@PathVariable String digest) {
        return cache.load(digestOf(digest));
    }

    @DeleteMapping("/internal/v1/models/{digest}")
    @Operation(operationId = "unloadModel", summary = "Unload a resident model")
    UnloadRecord unload(@PathVariable String digest) {
        String d = digestOf(digest);
        return cache.unload(d).orElseThrow(() -> new NotResidentException(d));
    }

    private static String digestOf(String path) {
        String digest = Digests.normalize(path);
        if (digest == null) {
            throw BadInputException.malformed("digest", "'" + path + "' is not a SHA-256 digest (64 hex digits)");
        }
        return digest;
    }

    static class NotResidentException extends RuntimeException {
        NotResidentException(String digest) {
            super("model " + digest + " is not loaded on this worker");
        }
    }
}
