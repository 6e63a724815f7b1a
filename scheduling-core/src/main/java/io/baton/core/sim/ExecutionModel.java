package io.baton.core.sim;

import io.baton.core.domain.Device;
import io.baton.core.domain.ServedModel;

/**
 * How long a batch runs on a device in the simulator. The default ({@link #PROFILED}) is the model's latency
 * profile × the device's speed, the same for every device kind. Heterogeneous SoCs (the interference paper:
 * a GPU and DLAs sharing one memory controller) need two more things, which is why this seam exists:
 * <ul>
 *   <li>a latency per (model, device kind), not a speed multiplier ({@link #soloMs});</li>
 *   <li>co-run slowdowns: while batches run on other devices, a batch progresses at 1 / {@link #slowdown}
 *       of its solo speed. The simulator re-evaluates every running batch's slowdown whenever a batch starts
 *       or ends (a progress-rate model), so a co-runner that leaves mid-request speeds the rest of it up.</li>
 * </ul>
 * A model that does not {@link #interferes() interfere} leaves the simulator on its original, per-batch path.
 */
@FunctionalInterface
public interface ExecutionModel {

    /** The profile × the device's speed: what the simulator did before this seam existed. */
    ExecutionModel PROFILED = (model, batchSize, device) -> model.latencyMs(batchSize) * device.speed();

    /**
     * The device's part alone: the profile × the device's speed, without the {@code wireMs} the policy plans with.
     * For runs that give the live path's costs explicitly ({@link LivePathCosts}), where the wire is one of them.
     */
    ExecutionModel DEVICE = (model, batchSize, device) -> model.profile().latencyMs(batchSize) * device.speed();

    /** Execution time of the batch on the device with nothing running elsewhere. */
    double soloMs(ServedModel model, int batchSize, Device device);

    /**
     * The same, for a batch starting at simulated time {@code nowMs}: what the simulator asks. A model whose batches
     * ran differently at different times (a replay of recorded ones) answers by the time; by default the time is
     * ignored.
     */
    default double soloMs(ServedModel model, int batchSize, Device device, double nowMs) {
        return soloMs(model, batchSize, device);
    }

    /**
     * The slowdown (≥ 1) of the batch running on {@code device}, given the model each device runs
     * ({@code runningModels[d]}, −1 where idle; the entry of {@code device} itself is the target).
     */
    default double slowdown(int device, int[] runningModels) {
        return 1;
    }

    /** Whether {@link #slowdown} can differ from 1; false keeps the simulator's cheaper per-batch path. */
    default boolean interferes() {
        return false;
    }
}
