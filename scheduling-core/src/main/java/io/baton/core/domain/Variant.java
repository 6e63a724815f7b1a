package io.baton.core.domain;

import java.util.Map;

/**
 * One model variant of an application: its latency profiles per device kind, its accuracy and its
 * memory footprint.
 *
 * @param profiles     latency profile per device kind
 * @param accuracy     top-1 accuracy on the application's validation set, in [0, 1] (NaN when unknown)
 * @param classRecall  per-class recall (SneakPeek), or an empty array when unknown
 * @param staticMemMb  resident memory once loaded (Symphony's S)
 * @param dynamicMemMb extra memory while a batch runs (Symphony's D)
 * @param loadMs       time to load it onto a device (SneakPeek's swap cost)
 */
public record Variant(String name, Map<String, LatencyProfile> profiles, double accuracy, double[] classRecall,
                      double staticMemMb, double dynamicMemMb, double loadMs) {

    public Variant {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("variant name must be set");
        profiles = Map.copyOf(profiles);
        if (profiles.isEmpty()) throw new IllegalArgumentException("variant " + name + " needs at least one profile");
        classRecall = classRecall == null ? new double[0] : classRecall.clone();
    }

    public LatencyProfile profile(String deviceKind) {
        LatencyProfile p = profiles.get(deviceKind);
        if (p == null) throw new IllegalArgumentException("variant " + name + " has no profile for device kind " + deviceKind);
        return p;
    }
}
