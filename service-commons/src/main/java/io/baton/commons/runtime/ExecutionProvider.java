package io.baton.commons.runtime;

import java.util.Locale;

/**
 * The ONNX Runtime execution provider a worker runs its sessions on ({@code baton.worker.provider}) and a profile is
 * measured on (the registry's path segment). Free of ONNX Runtime's own classes: each service that opens sessions
 * maps it to the runtime it carries (the CPU or the CUDA build), and the others can read it without the runtime.
 */
public enum ExecutionProvider {
    CPU,
    CUDA;

    /** The lower-case name used in configuration, JSON and the registry's paths ({@code cpu}, {@code cuda}). */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind of device this provider drives: {@code cpu} or {@code gpu}. */
    public String deviceKind() {
        return this == CPU ? "cpu" : "gpu";
    }

    /** The provider with this id (in any case), or null. */
    public static ExecutionProvider byId(String id) {
        for (ExecutionProvider p : values()) if (p.id().equals(id.toLowerCase(Locale.ROOT))) return p;
        return null;
    }
}
