package io.baton.profiler.measure;

import java.util.Locale;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtProvider;

/** The ONNX Runtime execution providers a profile can be measured on; the id is the registry's path segment. */
public enum ExecutionProvider {
    CPU("cpu", OrtProvider.CPU),
    CUDA("cuda", OrtProvider.CUDA);

    private final String id;
    private final OrtProvider ort;

    ExecutionProvider(String id, OrtProvider ort) {
        this.id = id;
        this.ort = ort;
    }

    public String id() {
        return id;
    }

    /** True when this ONNX Runtime build has the provider (the default artifact has only the CPU one). */
    public boolean available() {
        return OrtEnvironment.getAvailableProviders().contains(ort);
    }

    /** The provider with this id, or null. */
    public static ExecutionProvider byId(String id) {
        for (ExecutionProvider p : values()) if (p.id.equals(id.toLowerCase(Locale.ROOT))) return p;
        return null;
    }
}
