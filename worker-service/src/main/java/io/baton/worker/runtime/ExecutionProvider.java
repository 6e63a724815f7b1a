package io.baton.worker.runtime;

/** The ONNX Runtime execution provider a worker runs its sessions on ({@code baton.worker.provider}). */
public enum ExecutionProvider {
    CPU("cpu", "cpu"),
    CUDA("cuda", "gpu");

    private final String id;
    private final String deviceKind;

    ExecutionProvider(String id, String deviceKind) {
        this.id = id;
        this.deviceKind = deviceKind;
    }

    /** The lower-case name used in configuration and JSON ({@code cpu}, {@code cuda}). */
    public String id() {
        return id;
    }

    /** The kind of device this provider drives: {@code cpu} or {@code gpu}. */
    public String deviceKind() {
        return deviceKind;
    }
}
