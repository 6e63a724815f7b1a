/**
 * The reproduction and performance benchmarks {@code baton bench <name>} runs, one class per table: Symphony's
 * ({@link io.baton.cli.bench.Table4Bench}, {@link io.baton.cli.bench.SymphonyPoliciesBench},
 * {@link io.baton.cli.bench.SchedulerThroughputBench}, with {@link io.baton.cli.bench.GoodputSearch} and the profiles
 * of {@link io.baton.core.symphony.ModelZoo}), Schemble's ({@link io.baton.cli.bench.SchembleBench}), SneakPeek's
 * ({@link io.baton.cli.bench.SneakPeekBench}), IPA's ({@link io.baton.cli.bench.IpaBench},
 * {@link io.baton.cli.bench.IpaSolverBench}, {@link io.baton.cli.bench.IpaForecastBench}), the interference paper's
 * ({@link io.baton.cli.bench.InterferenceBench}, {@link io.baton.cli.bench.InterferenceCalibrateBench},
 * {@link io.baton.cli.bench.InterferencePlannerBench}) and the simulator's own speed
 * ({@link io.baton.cli.bench.SimulatorSpeedBench}). Not used by any service.
 */
package io.baton.cli.bench;
