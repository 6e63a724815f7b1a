/**
 * The reproduction and performance benchmarks {@code baton bench <name>} runs, one class per table: Symphony's
 * ({@link io.baton.core.bench.Table4Bench}, {@link io.baton.core.bench.SymphonyPoliciesBench},
 * {@link io.baton.core.bench.SchedulerThroughputBench}, with {@link io.baton.core.bench.GoodputSearch} and the profiles
 * of {@link io.baton.core.bench.ModelZoo}), Schemble's ({@link io.baton.core.bench.SchembleBench}), SneakPeek's
 * ({@link io.baton.core.bench.SneakPeekBench}), IPA's ({@link io.baton.core.bench.IpaBench},
 * {@link io.baton.core.bench.IpaSolverBench}, {@link io.baton.core.bench.IpaForecastBench}), the interference paper's
 * ({@link io.baton.core.bench.InterferenceBench}, {@link io.baton.core.bench.InterferenceCalibrateBench},
 * {@link io.baton.core.bench.InterferencePlannerBench}) and the simulator's own speed
 * ({@link io.baton.core.bench.SimulatorSpeedBench}). Not used by any service.
 */
package io.baton.core.bench;
