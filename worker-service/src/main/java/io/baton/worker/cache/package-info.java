/**
 * The models resident on this worker: {@link io.baton.worker.cache.ModelCache} (a memory budget, least recently used
 * evicted, leases so that a model in use is closed only when released), its {@link io.baton.worker.cache.LoadedModel}s
 * with their {@link io.baton.worker.cache.ModelSignature}, and what loads and unloads report.
 */
package io.baton.worker.cache;
