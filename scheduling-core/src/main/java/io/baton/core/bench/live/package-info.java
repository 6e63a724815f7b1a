/**
 * {@code baton bench live}: load against a running suite's gateway. {@link io.baton.core.bench.live.LiveBench} compares
 * policies under {@link io.baton.core.bench.live.OpenLoop} Poisson arrivals and finds saturation with
 * {@link io.baton.core.bench.live.ClosedLoop}, summarising each load point as a
 * {@link io.baton.core.bench.live.PointResult}; {@link io.baton.core.bench.live.RawOrt} measures the model alone in
 * ONNX Runtime for comparison.
 */
package io.baton.core.bench.live;
