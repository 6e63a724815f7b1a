package io.baton.core.onnx;

import java.util.List;

/** One operator of the graph (ONNX NodeProto, default domain). */
public record Node(String name, String opType, List<String> inputs, List<String> outputs, List<Attribute> attributes) {
    public Node {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        attributes = List.copyOf(attributes);
    }
}
