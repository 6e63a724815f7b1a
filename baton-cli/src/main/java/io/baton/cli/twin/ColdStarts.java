package io.baton.cli.twin;

import java.util.HashSet;
import java.util.Set;

import io.baton.core.domain.Device;
import io.baton.core.domain.ServedModel;
import io.baton.core.sim.ExecutionModel;
import io.baton.core.sim.LivePathCosts;

/**
 * The first batch of each simulated model on each simulated device runs for the round trip of a recorded cold batch
 * of its variant (one that made the model resident: model load plus ONNX Runtime's first run, often ten times a warm
 * batch), the one nearest in time; every other batch, and a first batch where no cold round trip was recorded, as the
 * wrapped model says. Live, the requests that arrive meanwhile queue behind that batch, which at low load is what the
 * p99 is made of. When the simulator adds the live path's costs to every batch ({@code --execution live}), they are
 * taken off the round trip first, so that the batch runs for the round trip as recorded (times the jitter, if any).
 */
final class ColdStarts implements ExecutionModel {

    private final ExecutionModel warm;
    private final BatchSamples[] samples;
    private final LivePathCosts added;
    private final Set<Long> started = new HashSet<>();
    private long replayed;

    /**
     * @param warm    what every other batch runs for
     * @param samples per simulated model id, its recorded batches (null: none)
     * @param added   the costs the simulator adds to every batch ({@link LivePathCosts#NONE} when it adds none)
     */
    ColdStarts(ExecutionModel warm, BatchSamples[] samples, LivePathCosts added) {
        this.warm = warm;
        this.samples = samples.clone();
        this.added = added;
    }

    /** Whether some model has a cold round trip to replay. */
    static boolean any(BatchSamples[] samples) {
        for (BatchSamples s : samples) if (s != null && s.coldRoundTrips() > 0) return true;
        return false;
    }

    /** Batches that ran for a recorded cold round trip. */
    long replayed() {
        return replayed;
    }

    @Override
    public double soloMs(ServedModel model, int batchSize, Device device, double nowMs) {
        BatchSamples s = samples[model.id()];
        if (started.add(((long) model.id() << 32) | device.id()) && s != null && s.coldRoundTrips() > 0) {
            replayed++;
            return Math.max(0, s.coldRoundTrip(nowMs) - added.batchMs(batchSize));
        }
        return warm.soloMs(model, batchSize, device, nowMs);
    }

    @Override
    public double soloMs(ServedModel model, int batchSize, Device device) {
        return warm.soloMs(model, batchSize, device);
    }
}
