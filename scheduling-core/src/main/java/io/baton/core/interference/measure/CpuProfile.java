package io.baton.core.interference.measure;

import io.baton.core.interference.DeviceClass;
import io.baton.core.interference.DeviceFeatures;
import io.baton.core.interference.ModelProfile;
import java.util.Map;

/**
 * What {@link InterferenceHarness#profile} measures of one model alone on one CPU core (§IV-B's features).
 *
 * @param soloMs       median latency alone (thread CPU time of one inference, see {@link InterferenceHarness})
 * @param layers       operator nodes
 * @param pressure     memory-bandwidth use, probed: the fraction of the {@link MemoryBubble}'s solo streaming rate
 *                     lost while the model runs on the other core (no perf counters in this container)
 * @param utilisation  the core's busy fraction while the model runs (thread CPU time ÷ wall time)
 * @param sensitivity  median latency beside the bubble ÷ solo latency, at least 1
 * @param bandwidthGBs memory-bandwidth use in GB/s, probed: {@code pressure} × the bubble's solo streaming rate (the
 *                     bytes per second the model takes away from a streaming co-runner); 0 in calibrations cached
 *                     before it was recorded
 */
public record CpuProfile(String name, double soloMs, int layers, double pressure, double utilisation, double sensitivity,
                         double bandwidthGBs) {

    /** A profile without the bandwidth in GB/s (0), as the predictor's tests build them. */
    public CpuProfile(String name, double soloMs, int layers, double pressure, double utilisation, double sensitivity) {
        this(name, soloMs, layers, pressure, utilisation, sensitivity, 0);
    }

    /** How {@link #bandwidthGBs} and {@link #pressure} were measured ({@link InterferenceHarness#BANDWIDTH_PROBE}). */
    public String probe() {
        return InterferenceHarness.BANDWIDTH_PROBE;
    }

    public double avgLayerMs() {
        return soloMs / layers;
    }

    public DeviceFeatures features() {
        return new DeviceFeatures(soloMs, avgLayerMs(), Math.max(0, pressure), Math.min(1, Math.max(0, utilisation)),
                Math.max(1, sensitivity), Math.max(1, sensitivity));
    }

    /**
     * The scheduling-core profile of a model measured on CPU cores: both device classes carry the CPU features, as
     * on this machine both "devices" are identical cores (the sub-models stay keyed by the paper's classes).
     */
    public ModelProfile modelProfile() {
        return new ModelProfile(name, Map.of(DeviceClass.GPU, features(), DeviceClass.ACCELERATOR, features()));
    }
}
