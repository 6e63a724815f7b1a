/**
 * {@code baton bench live}: load against a running suite's gateway. {@link io.baton.cli.bench.live.LiveBench} compares
 * policies under {@link io.baton.cli.bench.live.OpenLoop} Poisson arrivals and finds saturation with
 * {@link io.baton.cli.bench.live.ClosedLoop}, summarising each load point as a
 * {@link io.baton.cli.bench.live.PointResult}; {@link io.baton.cli.bench.live.RawOrt} measures the model alone in
 * ONNX Runtime for comparison.
 */
package io.baton.cli.bench.live;
