package io.baton.worker.cache;

import java.util.List;

/**
 * The outcome of making a model resident.
 *
 * @param model         the model now resident
 * @param alreadyLoaded true when it was resident already (nothing was fetched or loaded)
 * @param evicted       models evicted to make room, least recently used first
 */
public record LoadReport(ModelView model, boolean alreadyLoaded, List<UnloadRecord> evicted) {
}
