package io.baton.core.policy;

/** Makes a fresh dispatcher per run (dispatchers are stateful). */
@FunctionalInterface
public interface DispatcherFactory {
    Dispatcher create();
}
