package io.baton.gateway.scheduler;

import java.util.List;

import io.baton.commons.tensor.Tensor;

/**
 * The scheduler's answer to one call: this request's slice of the outputs (named as the variant names them), where
 * it ran, and how long it took inside the scheduler.
 */
public record SchedulerAnswer(String application, String variant, String workerId, int batchSize,
                              List<Tensor> outputs, double queueMs, double executionMs, double totalMs) {
}
