package io.baton.gateway.scheduler;

import java.util.List;

/**
 * The scheduler's answer to an {@link EnsembleCall}: per base model that ran, its answer (or why it failed), and
 * the base models the plan left out.
 *
 * @param ran     variant name → answer; {@code answer} null when that base model failed ({@code failure} says why)
 * @param bin     the query's difficulty bin (−1: none given)
 * @param planned the (bin, subset) table's accuracy of the subset that ran
 */
public record EnsembleAnswer(List<Ran> ran, List<String> skipped, int bin, double planned, double totalMs) {

    public record Ran(String variant, SchedulerAnswer answer, String failure) {
    }
}
