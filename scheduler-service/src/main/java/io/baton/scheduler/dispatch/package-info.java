/**
 * Live dispatch. {@link io.baton.scheduler.dispatch.DispatchService} resolves a request to its
 * {@link io.baton.scheduler.dispatch.LiveVariant}, checks its tensors ({@link io.baton.scheduler.dispatch.InputCheck})
 * and hands it to the {@link io.baton.scheduler.dispatch.Engine} that scheduling-core's policy registry names for its
 * application's policy (its {@code LiveEngineKind}): a {@link io.baton.scheduler.dispatch.LiveEngine} per request-scale
 * policy, its dispatcher built by {@link io.baton.scheduler.dispatch.LivePolicies} (scheduling-core's
 * {@code Dispatcher} on wall time, the same object the simulator drives on virtual time), or the
 * {@link io.baton.scheduler.dispatch.SchembleEngine} and {@link io.baton.scheduler.dispatch.SneakPeekEngine} for the
 * query- and window-level policies. Every engine runs on one {@link io.baton.scheduler.dispatch.EventLoop} (a mailbox
 * and {@link io.baton.scheduler.dispatch.WallTimers}, a policy's timers on wall time) and is built with one
 * {@link io.baton.scheduler.dispatch.EngineContext}.
 *
 * <p>Engines send batches through {@link io.baton.scheduler.dispatch.WorkerClient} (a circuit breaker per worker, a
 * timeout per call from {@link io.baton.scheduler.dispatch.WorkerCallTimeout}): over gRPC with raw tensor bytes
 * ({@link io.baton.scheduler.dispatch.GrpcBatches}, one channel per worker in
 * {@link io.baton.scheduler.dispatch.WorkerChannels}) to a worker that advertised its gRPC port, else over HTTP;
 * {@link io.baton.scheduler.dispatch.VariantOverheads} adds what a live batch of each variant costs beyond the profile
 * (an {@link io.baton.scheduler.dispatch.OverheadMeter} per variant). Wired by
 * {@link io.baton.scheduler.dispatch.DispatchConfiguration}.
 */
package io.baton.scheduler.dispatch;
