package io.baton.core.interference;

import io.baton.core.domain.Device;
import java.util.ArrayList;
import java.util.List;

/**
 * The devices of one shared-memory SoC, in the order the allocation matrix's columns use.
 *
 * <p>Generalisation beyond the paper's 1 GPU + 2 DLAs: any number of accelerators, and at most one GPU
 * (the predictor's sub-models describe contention for one GPU's execution units; two GPUs on one memory
 * controller is a platform the paper does not cover).
 *
 * @param names   device names ("gpu", "dla0", ...), unique
 * @param classes the class of each device
 * @param kinds   the {@link Device#kind()} each device gets in a simulation ("xavier-gpu", ...)
 */
public record Platform(List<String> names, List<DeviceClass> classes, List<String> kinds) {

    public Platform {
        names = List.copyOf(names);
        classes = List.copyOf(classes);
        kinds = List.copyOf(kinds);
        if (names.isEmpty()) throw new IllegalArgumentException("a platform needs at least one device");
        if (names.size() != classes.size() || names.size() != kinds.size()) {
            throw new IllegalArgumentException("names, classes and kinds must have one entry per device");
        }
        if (classes.stream().filter(c -> c == DeviceClass.GPU).count() > 1) {
            throw new IllegalArgumentException("a platform has at most one GPU");
        }
        if (names.stream().distinct().count() != names.size()) throw new IllegalArgumentException("device names must be unique");
    }

    /** The Jetson AGX Xavier of §VI-A: one GPU and two DLAs (the CPU runs only the scheduler). */
    public static Platform xavier() {
        return new Platform(List.of("gpu", "dla0", "dla1"),
                List.of(DeviceClass.GPU, DeviceClass.ACCELERATOR, DeviceClass.ACCELERATOR),
                List.of("xavier-gpu", "xavier-dla", "xavier-dla"));
    }

    /**
     * §VI-A: "for two DLAs, up to 4 active contexts are supported, while the GPU does not have such a restriction",
     * read as two loaded models per accelerator. A model without a context on an accelerator cannot run there.
     */
    public static final int CONTEXTS_PER_ACCELERATOR = 2;

    /** The most models that may hold a context on the device at once. */
    public int contextCap(int device, int models) {
        return classOf(device) == DeviceClass.GPU ? models : Math.min(models, CONTEXTS_PER_ACCELERATOR);
    }

    /** Per device, whether models need a context there (an allocation ratio of 0 then means none). */
    public boolean[] contextBound() {
        boolean[] out = new boolean[size()];
        for (int d = 0; d < size(); d++) out[d] = classOf(d) != DeviceClass.GPU;
        return out;
    }

    public int size() {
        return names.size();
    }

    public DeviceClass classOf(int device) {
        return classes.get(device);
    }

    /** The devices as the simulator and dispatchers see them (ids 0..n-1, speed 1: latency comes from profiles). */
    public List<Device> devices() {
        List<Device> out = new ArrayList<>(size());
        for (int i = 0; i < size(); i++) out.add(new Device(i, kinds.get(i), 1.0, Long.MAX_VALUE));
        return out;
    }
}
