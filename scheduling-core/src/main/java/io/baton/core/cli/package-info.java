/**
 * The {@code baton} command line that {@code bin/baton} runs: {@link io.baton.core.cli.Baton} (main) and one class per
 * command ({@link io.baton.core.cli.PlanCommand}, {@link io.baton.core.cli.SimulateCommand},
 * {@link io.baton.core.cli.BenchCommand}, {@link io.baton.core.cli.ZooCommand}, {@link io.baton.core.cli.DemoCommand},
 * {@link io.baton.core.cli.SuiteCommand}, {@link io.baton.core.cli.UpCommand},
 * {@link io.baton.core.cli.LiveBenchCommand}).
 *
 * <p>Bad input is an {@link io.baton.core.plan.InputException} (one line on standard error, exit status 2), with fields
 * named by {@link io.baton.core.plan.JsonInput}. {@code baton plan <policy>} prints what
 * {@link io.baton.core.plan.Plans#plan} answers, the call scheduler-service's {@code POST /v1/plans/{policy}} also
 * makes, so the two always agree.
 */
package io.baton.core.cli;
