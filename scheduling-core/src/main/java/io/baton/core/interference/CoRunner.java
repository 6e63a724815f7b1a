package io.baton.core.interference;

/** A model running on another device of the same SoC while the target runs. */
public record CoRunner(ModelProfile model, DeviceClass deviceClass) {

    public DeviceFeatures features() {
        return model.on(deviceClass);
    }
}
