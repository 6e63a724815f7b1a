package io.baton.profiler.measure;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtProvider;
import io.baton.commons.runtime.ExecutionProvider;

/** Which execution providers the ONNX Runtime build this profiler carries has. */
public final class OrtProviders {

    private OrtProviders() {
    }

    /** True when this ONNX Runtime build has the provider (the default artifact has only the CPU one). */
    public static boolean available(ExecutionProvider provider) {
        OrtProvider ort = switch (provider) {
            case CPU -> OrtProvider.CPU;
            case CUDA -> OrtProvider.CUDA;
        };
        return OrtEnvironment.getAvailableProviders().contains(ort);
    }
}
