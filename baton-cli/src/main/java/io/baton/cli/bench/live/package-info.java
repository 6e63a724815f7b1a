/**
 * {@code baton bench live}: load against a running suite's gateway. {@link io.baton.cli.bench.live.LiveBench} compares
 * policies under {@link io.baton.cli.bench.live.OpenLoop} Poisson arrivals and finds saturation with
 * {@link io.baton.cli.bench.live.ClosedLoop}, summarising each load point as a
 * {@link io.baton.cli.bench.live.PointResult}. What it sends is a {@link io.baton.cli.bench.live.Workload}: an
 * application's validation images, or inputs that {@link io.baton.cli.bench.live.InputGenerator} makes from the
 * {@link io.baton.cli.bench.live.DeclaredInputs} of any registered application. {@link io.baton.cli.bench.live.RawOrt}
 * runs the model alone in ONNX Runtime on the same inputs for comparison. {@link io.baton.cli.bench.live.SteadyLoad}
 * holds a load until stopped ({@code bench faults}), through several gateways as a client-side balancer sends
 * ({@link io.baton.cli.bench.live.BalancedHttpRequests}: round-robin, and once more through the next gateway what
 * {@link io.baton.cli.bench.live.Resend} allows).
 */
package io.baton.cli.bench.live;
