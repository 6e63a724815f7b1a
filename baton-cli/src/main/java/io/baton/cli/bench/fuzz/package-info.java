/**
 * {@code baton bench fuzz}: malformed and hostile Open Inference Protocol requests against a running gateway.
 * {@link io.baton.cli.bench.fuzz.Generator} makes the {@code i}-th {@link io.baton.cli.bench.fuzz.FuzzCase} of a seed
 * (the exact bytes on the wire, and how they are sent: whole, cut short, or trickled) from the
 * {@link io.baton.cli.bench.fuzz.FuzzTarget} the gateway describes; {@link io.baton.cli.bench.fuzz.RawExchange} sends
 * it over a plain socket, each within a time limit; {@link io.baton.cli.bench.fuzz.Verdict} judges the answer (a 4xx
 * naming what is wrong, never a 5xx, a hang or a bare status); {@link io.baton.cli.bench.fuzz.FuzzRunner} runs many
 * and checks that the gateway still serves afterwards.
 */
package io.baton.cli.bench.fuzz;
