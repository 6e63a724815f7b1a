package io.baton.core.interference;

import io.baton.core.domain.Device;
import io.baton.core.domain.ServedModel;
import io.baton.core.sim.ExecutionModel;

/**
 * The world a simulation runs in, for the interference policies: each request runs for its solo latency on the
 * device's class × the slowdown that the ground truth (a {@link SlowdownTable} of the true or measured
 * interference) gives for whatever runs on the other devices, re-evaluated whenever that changes.
 * Batches of b requests take b × the solo latency (the paper runs batch 1; the policies here never batch).
 */
public record InterferenceExecution(InterferenceWorkload workload, SlowdownTable truth) implements ExecutionModel {
    @Override
    public double soloMs(ServedModel model, int batchSize, Device device) {
        return workload.soloMs(model.id(), device.id()) * batchSize;
    }

    @Override
    public double slowdown(int device, int[] runningModels) {
        return truth.slowdown(device, runningModels[device], runningModels);
    }

    @Override
    public boolean interferes() {
        return true;
    }
}
