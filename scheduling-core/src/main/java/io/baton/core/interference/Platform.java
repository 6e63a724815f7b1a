package io.baton.core.interference;

import io.baton.core.domain.Device;
import java.util.ArrayList;
import java.util.List;

/**
 * The devices the allocation matrix's columns stand for, in its order. Two shapes:
 * <ul>
 *   <li><b>A shared-memory SoC</b> (the paper's; {@code hosts} null): every device contends with every other for the
 *       one memory controller, accelerators hold at most {@link #CONTEXTS_PER_ACCELERATOR} model contexts, and there is
 *       at most one GPU (the predictor's sub-models describe contention for one GPU's execution units; two GPUs on one
 *       memory controller is a platform the paper does not cover). Generalised beyond 1 GPU + 2 DLAs to any number of
 *       accelerators.</li>
 *   <li><b>Independent workers</b> ({@link #workers}; the live scheduler's): each device is a worker process that
 *       loads whatever model it is sent (no context limit, any number of GPUs), and only devices on the same host
 *       contend (for that host's memory bandwidth and caches), so a co-runner on another host is no co-runner.</li>
 * </ul>
 *
 * @param names   device names ("gpu", "dla0", ...), unique
 * @param classes the class of each device
 * @param kinds   the {@link Device#kind()} each device gets in a simulation ("xavier-gpu", ...)
 * @param hosts   per device, the host whose memory it shares; null for one shared-memory SoC
 */
public record Platform(List<String> names, List<DeviceClass> classes, List<String> kinds, List<String> hosts) {

    /** A shared-memory SoC (the paper's platform shape). */
    public Platform(List<String> names, List<DeviceClass> classes, List<String> kinds) {
        this(names, classes, kinds, null);
    }

    public Platform {
        names = List.copyOf(names);
        classes = List.copyOf(classes);
        kinds = List.copyOf(kinds);
        hosts = hosts == null ? null : List.copyOf(hosts);
        if (names.isEmpty()) throw new IllegalArgumentException("a platform needs at least one device");
        if (names.size() != classes.size() || names.size() != kinds.size() || (hosts != null && hosts.size() != names.size())) {
            throw new IllegalArgumentException("names, classes, kinds (and hosts) must have one entry per device");
        }
        if (hosts == null && classes.stream().filter(c -> c == DeviceClass.GPU).count() > 1) {
            throw new IllegalArgumentException("a shared-memory SoC has at most one GPU");
        }
        if (names.stream().distinct().count() != names.size()) throw new IllegalArgumentException("device names must be unique");
    }

    /** Independent workers, each on the given host (see the class comment). */
    public static Platform workers(List<String> names, List<DeviceClass> classes, List<String> kinds, List<String> hosts) {
        if (hosts == null) throw new IllegalArgumentException("independent workers need a host each");
        return new Platform(names, classes, kinds, hosts);
    }

    /** Whether this is one shared-memory SoC (context limits on accelerators, every device contending). */
    public boolean soc() {
        return hosts == null;
    }

    /** Whether a model running on device {@code b} interferes with one on device {@code a} (same memory). */
    public boolean sharesMemory(int a, int b) {
        return hosts == null || hosts.get(a).equals(hosts.get(b));
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
        return !soc() || classOf(device) == DeviceClass.GPU ? models : Math.min(models, CONTEXTS_PER_ACCELERATOR);
    }

    /** Per device, whether models need a context there (an allocation ratio of 0 then means none). */
    public boolean[] contextBound() {
        boolean[] out = new boolean[size()];
        for (int d = 0; d < size(); d++) out[d] = soc() && classOf(d) != DeviceClass.GPU;
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
