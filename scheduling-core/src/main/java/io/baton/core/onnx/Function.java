package io.baton.core.onnx;

import java.util.List;

/**
 * A model-local function (ONNX FunctionProto): a node with {@code opType} = {@code name} in {@code domain} runs
 * {@code nodes}. The model must import {@code domain} (see {@link GraphBuilder#function}).
 */
public record Function(String name, String domain, List<String> inputs, List<String> outputs, List<Node> nodes) {
    public Function {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        nodes = List.copyOf(nodes);
    }
}
