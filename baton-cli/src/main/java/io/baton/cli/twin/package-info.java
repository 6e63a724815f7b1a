/**
 * {@code baton twin}: the digital twin checked against the live suite. {@link io.baton.cli.twin.RecordedTrace} reads
 * the scheduler's traffic recording (arrivals, what happened to each live, the live path's measured costs, and each
 * served batch's run in {@link io.baton.cli.twin.BatchSamples});
 * {@link io.baton.cli.twin.SuiteWorld} or {@link io.baton.cli.twin.WorldFile} says what was in force (each
 * application's profile, SLO and batch cap, the number of workers); {@link io.baton.cli.twin.LoadedLatency} fits ℓ(b)
 * as the batches ran under load; {@link io.baton.cli.twin.Twin} replays the arrivals through scheduling-core's
 * simulator with the same policy objects, and {@link io.baton.cli.twin.Figures} measures live and simulated outcomes
 * with one rule, for {@link io.baton.cli.twin.TwinReport} to compare.
 */
package io.baton.cli.twin;
