/**
 * Request arrivals for the simulator and the benches: {@link io.baton.core.workload.ArrivalSource} cursors, synthetic
 * ({@link io.baton.core.workload.GeneratedArrivals}: {@link io.baton.core.workload.InterArrivals} gaps, Poisson or
 * Gamma, modulated by a {@link io.baton.core.workload.RatePattern} and shared by
 * {@link io.baton.core.workload.Popularity}) or replayed from CSV ({@link io.baton.core.workload.TraceArrivals}),
 * merged in time order by {@link io.baton.core.workload.MergedArrivals}.
 */
package io.baton.core.workload;
