package io.baton.cli.twin;

import java.util.SplittableRandom;

import io.baton.core.domain.Device;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.ServedModel;
import io.baton.core.sim.ExecutionModel;
import io.baton.core.sim.LivePathCosts;

/**
 * What a simulated batch holds its device for when the twin replays the live path as it was recorded: its size's
 * median recorded round trip (sent until answered at the scheduler) plus how slow the live path was at that moment,
 * the excess over their own sizes' medians of the recorded batches of the application that ran nearest the same time
 * ({@link BatchSamples#drawRoundTrip}; simulated time is the recording's). A mean ℓ(b) plus mean costs gives a replay
 * the right average but not the live tail: recorded round trips at batch 1 have a p99 three to four times their
 * median (a batch that waited for a core, a pause in one of the JVMs), and a p99 latency is made of those, and they
 * come in stretches (a pause, a burst of compilation, another process on the cores) that make requests queue behind
 * them: read near their own time, they keep both their distribution and their stretches, whatever size the simulated
 * policy forms in them. The assumption this makes: the machine's slow stretches happen when they happened whatever the
 * policy does, true of what comes from outside the policy, not of load the policy itself causes; replaying another
 * policy ({@code --policy}) carries the recorded policy's stretches.
 *
 * <p>Every size recorded is replayed from its own median, however few its round trips: at low load the largest
 * batches are rare (a few a size), and their recorded round trips are far slower than ℓ(b) under load (fitted over
 * every size) says. Run for that mean without jitter instead, a replay of {@code ppocr-cls} at 30% load gave a
 * work-conserving p99 30% under the live one, averaged over six seeds. Only a size never recorded runs for ℓ(b) under
 * load plus the live path's measured costs ({@link LivePathCosts}), without jitter. The draws are seeded: a replay of
 * the same recording with the same seed gives the same figures.
 */
final class ReplayedExecution implements ExecutionModel {

    private final BatchSamples[] samples;
    private final LatencyProfile[] loaded;
    private final LivePathCosts costs;
    private final SplittableRandom random;

    /**
     * @param samples per simulated model id, its recorded batches (null: none)
     * @param loaded  per simulated model id, ℓ(b) under load for the sizes without a recorded round trip
     * @param costs   the live path's measured costs, added to those sizes' ℓ(b)
     */
    ReplayedExecution(BatchSamples[] samples, LatencyProfile[] loaded, LivePathCosts costs, long seed) {
        this.samples = samples.clone();
        this.loaded = loaded.clone();
        this.costs = costs;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public double soloMs(ServedModel model, int batchSize, Device device, double nowMs) {
        BatchSamples s = samples[model.id()];
        if (s != null && s.roundTrips(batchSize) > 0) return s.drawRoundTrip(batchSize, nowMs, random);
        return soloMs(model, batchSize, device);
    }

    @Override
    public double soloMs(ServedModel model, int batchSize, Device device) {
        return loaded[model.id()].latencyMs(batchSize) * device.speed() + costs.batchMs(batchSize);
    }
}
