package io.baton.core.schemble;

import java.util.List;

/**
 * Where an ensemble's base models run: device d hosts base model {@code deviceModel[d]} (no batching,
 * one task at a time, constant latency T_k, as in Schemble §VI-A). One device per model for every policy
 * but {@code static}, which puts replicas of its chosen models on the devices the others would use.
 */
public record EnsembleCluster(List<String> modelNames, double[] latencyMs, int[] deviceModel) {
    public EnsembleCluster {
        modelNames = List.copyOf(modelNames);
        if (latencyMs.length != modelNames.size()) throw new IllegalArgumentException("one latency per model");
        for (int d : deviceModel) if (d < 0 || d >= latencyMs.length) throw new IllegalArgumentException("device hosts unknown model");
        latencyMs = latencyMs.clone();
        deviceModel = deviceModel.clone();
    }

    public static EnsembleCluster onePerModel(List<String> names, double[] latencyMs) {
        int[] map = new int[names.size()];
        for (int i = 0; i < map.length; i++) map[i] = i;
        return new EnsembleCluster(names, latencyMs, map);
    }

    public int models() {
        return latencyMs.length;
    }

    public int allMask() {
        return (1 << models()) - 1;
    }
}
