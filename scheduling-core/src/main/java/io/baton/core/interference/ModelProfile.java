package io.baton.core.interference;

import java.util.EnumMap;
import java.util.Map;

/**
 * One DNN model as the interference scheduler knows it: its features on each device class it can run on
 * (§IV-D: "each target ML task is profiled by running it in a GPU and DLA").
 */
public record ModelProfile(String name, Map<DeviceClass, DeviceFeatures> features) {

    public ModelProfile {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a model profile needs a name");
        if (features.isEmpty()) throw new IllegalArgumentException("model " + name + " has no device profile");
        features = Map.copyOf(new EnumMap<>(features));
    }

    public static ModelProfile of(String name, DeviceFeatures gpu, DeviceFeatures accelerator) {
        return new ModelProfile(name, Map.of(DeviceClass.GPU, gpu, DeviceClass.ACCELERATOR, accelerator));
    }

    public DeviceFeatures on(DeviceClass c) {
        DeviceFeatures f = features.get(c);
        if (f == null) throw new IllegalArgumentException("model " + name + " has no " + c + " profile");
        return f;
    }

    public double soloMs(DeviceClass c) {
        return on(c).soloMs();
    }

    /** §VI-A: the runtime speedup of the GPU over the accelerator (2.4× to 7.5× in Table III). */
    public double gpuSpeedup() {
        return on(DeviceClass.ACCELERATOR).soloMs() / on(DeviceClass.GPU).soloMs();
    }
}
