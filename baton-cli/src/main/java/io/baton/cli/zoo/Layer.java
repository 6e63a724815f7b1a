package io.baton.cli.zoo;

import io.baton.core.onnx.GraphBuilder;

/**
 * One layer of a zoo network, defined once and executed two ways: {@link #forward} in plain Java
 * (to compute training features and to check ONNX Runtime), and {@link #emit} as ONNX operators.
 * Tests hold the two equal for every architecture of the zoo.
 */
public sealed interface Layer permits Layers.Conv2d, Layers.Relu, Layers.MaxPool, Layers.AvgPool, Layers.Flatten,
        Layers.Reshape, Layers.Dense, Layers.Softmax {

    Shape outShape(Shape in);

    /** Computes the layer on {@code batch} examples stored one after another in {@code x}. */
    float[] forward(float[] x, int batch, Shape in);

    /** Appends the layer's operators to {@code g} reading value {@code x}; returns the output value's name. */
    String emit(GraphBuilder g, String x, String prefix);

    /** Multiply-adds per example (what makes a variant slow); none for the element-wise and pooling layers. */
    default long macs(Shape in) {
        return 0;
    }

    /** Learned or fixed parameters (weights and biases). */
    default long parameters() {
        return 0;
    }
}
