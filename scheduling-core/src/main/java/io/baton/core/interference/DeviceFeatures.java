package io.baton.core.interference;

/**
 * What profiling one model alone on one device class yields (§IV-B, Table III's columns): the inputs of
 * the interference predictor and the solo latency the simulator scales.
 *
 * @param soloMs        latency of one request run alone (batch 1, as on TensorRT in the paper)
 * @param avgLayerMs    average per-layer execution time on this device (the paper uses it for GPU tasks)
 * @param memBandwidth  memory-bandwidth utilisation when run alone, as a fraction of the shared controller's peak
 * @param gpuUtil       GPU utilisation caused by the run (for accelerator runs: the fallback layers' share;
 *                      the paper does not use it for GPU runs, "almost the same" for all of them)
 * @param sensitivity   slowdown (≥ 1) beside the fixed synthetic "bubble" co-runner (§IV-B: one value at one pressure)
 * @param sensitivity2  slowdown beside two bubbles, one on each other kind of device; used only by sub-model 4
 */
public record DeviceFeatures(double soloMs, double avgLayerMs, double memBandwidth, double gpuUtil,
                             double sensitivity, double sensitivity2) {

    public DeviceFeatures {
        if (!(soloMs > 0)) throw new IllegalArgumentException("soloMs must be > 0");
        if (!(avgLayerMs > 0)) throw new IllegalArgumentException("avgLayerMs must be > 0");
        if (!(memBandwidth >= 0)) throw new IllegalArgumentException("memBandwidth must be ≥ 0");
        if (!(gpuUtil >= 0 && gpuUtil <= 1)) throw new IllegalArgumentException("gpuUtil must be in [0, 1]");
        if (!(sensitivity >= 1) || !(sensitivity2 >= 1)) throw new IllegalArgumentException("sensitivities must be ≥ 1");
    }
}
