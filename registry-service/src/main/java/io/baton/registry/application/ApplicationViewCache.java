package io.baton.registry.application;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import io.baton.registry.RegistryProperties;

/**
 * Keeps the hot read ({@code GET /v1/applications/{name}}: the application with its variants and profiles) in
 * memory, so that schedulers and gateways polling it cost no database round trip. Every write that can change such
 * a view clears the cache after its transaction commits.
 *
 * <p>Why a reader never installs a stale view: it notes the generation before it reads the database and installs
 * its result only if no invalidation happened since. An invalidation bumps the generation after the writer's commit,
 * so a reader that may have seen the old rows either finishes first (and its entry is then removed) or finds the
 * generation moved (and installs nothing). Writes through another process are not seen: the registry is one process;
 * set {@code baton.registry.hot-read-cache=false} to run several.
 */
@Component
public class ApplicationViewCache {

    private final boolean enabled;
    private final Map<String, ApplicationView> views = new ConcurrentHashMap<>();
    private long generation;

    public ApplicationViewCache(RegistryProperties properties) {
        this.enabled = properties.hotReadCache();
    }

    public ApplicationView get(String name, Function<String, ApplicationView> load) {
        if (!enabled) return load.apply(name);
        ApplicationView cached = views.get(name);
        if (cached != null) return cached;
        long before = generation();
        ApplicationView view = load.apply(name);
        install(name, view, before);
        return view;
    }

    /** Clears the cache once the current transaction commits (at once when there is none). */
    public void invalidateAfterCommit() {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    invalidate();
                }
            });
        } else {
            invalidate();
        }
    }

    private synchronized long generation() {
        return generation;
    }

    private synchronized void install(String name, ApplicationView view, long seen) {
        if (generation == seen) views.put(name, view);
    }

    private synchronized void invalidate() {
        generation++;
        views.clear();
    }
}
