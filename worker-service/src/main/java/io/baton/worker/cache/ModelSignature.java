package io.baton.worker.cache;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import ai.onnxruntime.ValueInfo;
import io.baton.commons.tensor.Datatype;
import io.baton.worker.runtime.ServedTypes;

/** Inputs and outputs of a loaded model, read once from its session; requests are validated against it. */
public record ModelSignature(Map<String, TensorSpec> inputs, Map<String, TensorSpec> outputs) {

    static ModelSignature of(OrtSession session) throws OrtException {
        return new ModelSignature(specs(session.getInputInfo()), specs(session.getOutputInfo()));
    }

    private static Map<String, TensorSpec> specs(Map<String, NodeInfo> nodes) {
        Map<String, TensorSpec> specs = new LinkedHashMap<>();
        for (NodeInfo node : nodes.values()) {
            specs.put(node.getName(), spec(node.getName(), node.getInfo()));
        }
        return java.util.Collections.unmodifiableMap(specs);
    }

    private static TensorSpec spec(String name, ValueInfo info) {
        if (info instanceof TensorInfo tensor) {
            Datatype type = ServedTypes.of(tensor);
            List<Long> shape = new ArrayList<>();
            for (long d : tensor.getShape()) {
                shape.add(d);
            }
            String datatype = type != null ? type.name() : ServedTypes.unservedName(tensor);
            return new TensorSpec(name, datatype, List.copyOf(shape));
        }
        String kind = info.getClass().getSimpleName().replace("Info", "").toUpperCase(java.util.Locale.ROOT);
        return new TensorSpec(name, kind, null);
    }

    /** True when this output is a tensor of a type the worker can return. */
    public boolean servable(TensorSpec spec) {
        return spec.shape() != null && ServedTypes.parse(spec.datatype()) != null;
    }
}
