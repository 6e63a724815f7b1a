package io.baton.core.onnx;

import java.util.List;

/**
 * A graph held by an attribute (the body of an If, Loop or Scan node) or by a model's training information: ONNX
 * GraphProto with its nodes, constants and the values it takes and gives.
 */
public record Graph(String name, List<Node> nodes, List<Initializer> initializers,
                    List<SparseInitializer> sparseInitializers, List<ValueInfo> inputs, List<ValueInfo> outputs) {
    public Graph {
        nodes = List.copyOf(nodes);
        initializers = List.copyOf(initializers);
        sparseInitializers = List.copyOf(sparseInitializers);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }
}
