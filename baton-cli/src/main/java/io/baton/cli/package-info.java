/**
 * The {@code baton} command line that {@code bin/baton} runs: {@link io.baton.cli.Baton} (main) and one class per
 * command ({@link io.baton.cli.PlanCommand}, {@link io.baton.cli.SimulateCommand},
 * {@link io.baton.cli.BenchCommand}, {@link io.baton.cli.ZooCommand}, {@link io.baton.cli.DemoCommand},
 * {@link io.baton.cli.SuiteCommand}, {@link io.baton.cli.UpCommand},
 * {@link io.baton.cli.LiveBenchCommand}); {@code bench jmh} hands over to the benchmarks module through
 * {@link io.baton.cli.JmhBenchmarks}.
 *
 * <p>Bad input is an {@link io.baton.core.plan.InputException} (one line on standard error, exit status 2), with fields
 * named by {@link io.baton.core.plan.JsonInput}. {@code baton plan <policy>} prints what
 * {@link io.baton.core.plan.Plans#plan} answers, the call scheduler-service's {@code POST /v1/plans/{policy}} also
 * makes, so the two always agree.
 */
package io.baton.cli;
