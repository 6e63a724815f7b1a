package io.baton.core.interference;

/**
 * A model of the synthetic world in which the benchmark runs (§6 of the notes): its intrinsic properties,
 * from which {@link ContentionModel} derives both what profiling would measure ({@link ModelProfile}) and
 * the slowdowns co-running "really" causes. The scheduler never sees these fields, only the profile.
 *
 * @param gpuMs          solo latency on the GPU
 * @param acceleratorMs  solo latency on an accelerator (DLA); Table III: 2.4× to 7.5× the GPU's
 * @param gpuBandwidth   memory-bandwidth utilisation running alone on the GPU (fraction of peak)
 * @param accBandwidth   the same on an accelerator
 * @param accGpuUtil     GPU utilisation of its fallback layers when it runs on an accelerator (§III-A2)
 * @param gpuLayerMs     average layer time on the GPU
 * @param memSensitivity how strongly its latency reacts to memory pressure (§III-B; VGG-11 high, SqueezeNet low)
 */
public record SyntheticModel(String name, double gpuMs, double acceleratorMs, double gpuBandwidth, double accBandwidth,
                             double accGpuUtil, double gpuLayerMs, double memSensitivity) {

    public SyntheticModel {
        if (!(gpuMs > 0) || !(acceleratorMs > 0)) throw new IllegalArgumentException(name + ": latencies must be > 0");
        if (!(gpuLayerMs > 0)) throw new IllegalArgumentException(name + ": gpuLayerMs must be > 0");
        if (!(accGpuUtil >= 0 && accGpuUtil <= 1)) throw new IllegalArgumentException(name + ": accGpuUtil must be in [0, 1]");
    }

    double soloMs(DeviceClass c) {
        return c == DeviceClass.GPU ? gpuMs : acceleratorMs;
    }

    double bandwidth(DeviceClass c) {
        return c == DeviceClass.GPU ? gpuBandwidth : accBandwidth;
    }

    /** Layer time on the accelerator: the layers are the same, each slower by the speedup. */
    double layerMs(DeviceClass c) {
        return c == DeviceClass.GPU ? gpuLayerMs : gpuLayerMs * acceleratorMs / gpuMs;
    }
}
