/**
 * Baton's domain, shared by every policy, the simulator and the services: {@link io.baton.core.domain.Application}
 * (single, ensemble or pipeline; {@link io.baton.core.domain.Stage}, {@link io.baton.core.domain.Variant}),
 * {@link io.baton.core.domain.LatencyProfile} (measured ℓ(b) with linear and quadratic
 * {@link io.baton.core.domain.Fits}), what a dispatcher schedules ({@link io.baton.core.domain.ServedModel},
 * {@link io.baton.core.domain.Request}, {@link io.baton.core.domain.Device}) and decides
 * ({@link io.baton.core.domain.Batch}, {@link io.baton.core.domain.DropReason}), and the epoch-scale
 * {@link io.baton.core.domain.Plan}.
 */
package io.baton.core.domain;
