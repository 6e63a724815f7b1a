/**
 * The worker's internal HTTP routes: {@link io.baton.worker.api.BatchController} ({@code POST /internal/v1/batches},
 * the scheduler's dispatch), {@link io.baton.worker.api.ModelController} (resident models, loads, unloads) and
 * {@link io.baton.worker.api.DeviceController} (the device it drives); {@link io.baton.worker.api.ProblemAdvice}
 * answers errors as RFC 7807 problems.
 */
package io.baton.worker.api;
