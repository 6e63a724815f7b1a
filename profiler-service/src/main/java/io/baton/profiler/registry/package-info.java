/**
 * The profiler's calls to registry-service: {@link io.baton.profiler.registry.RegistryClient} (implemented over REST by
 * {@link io.baton.profiler.registry.HttpRegistryClient}), reading {@link io.baton.profiler.registry.RegistryModel} and
 * writing {@link io.baton.profiler.registry.ProfileBody} and {@link io.baton.profiler.registry.EnsembleProfileBody}.
 */
package io.baton.profiler.registry;
