package io.baton.core.sim;

/**
 * What one policy achieved in one run, over the requests that arrived in the measured window
 * [warmupMs, durationMs).
 *
 * @param goodput      requests finished by their deadline, per second of the window
 * @param badRate      (dropped + late) / offered
 * @param missRate     late / served: of the requests that ran, the share that finished after their deadline
 * @param meanBatch    mean size of the batches that started in the window
 * @param idleFraction 1 − busy device time / (devices × window)
 * @param lateStarts   batches the policy started although ℓ(batch) already passed their earliest
 *                     deadline: a dispatcher invariant, always 0 for a correct policy
 * @param unfinished   requests neither served nor dropped when the run ended: always 0 for a correct policy
 * @param worstModelBadRate the largest bad rate of any one model that was offered requests: Symphony's goodput asks
 *                     every model to meet its SLO for 99% of its requests, not the requests pooled (§2)
 */
public record SimulationResult(String policy, long offered, long good, long late, long dropped, double goodput,
                               double badRate, double missRate, double p50LatencyMs, double p99LatencyMs,
                               double meanBatch, double idleFraction, long batches, long lateStarts, long unfinished,
                               double windowMs, double worstModelBadRate) {
}
