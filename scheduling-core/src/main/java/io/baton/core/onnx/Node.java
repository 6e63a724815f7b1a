package io.baton.core.onnx;

import java.util.List;

/** One operator of the graph (ONNX NodeProto): the default domain, or {@code domain} for a model-local function. */
public record Node(String name, String opType, List<String> inputs, List<String> outputs, List<Attribute> attributes,
                   String domain) {
    public Node {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        attributes = List.copyOf(attributes);
    }

    public Node(String name, String opType, List<String> inputs, List<String> outputs, List<Attribute> attributes) {
        this(name, opType, inputs, outputs, attributes, "");
    }
}
