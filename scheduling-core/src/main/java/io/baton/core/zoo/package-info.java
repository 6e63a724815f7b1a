/**
 * The Fashion-MNIST model zoo that the quick start serves: {@link io.baton.core.zoo.ZooBuilder} builds every classifier
 * of {@link io.baton.core.zoo.Architectures} (fixed {@link io.baton.core.zoo.RandomFeatures} and a trained
 * {@link io.baton.core.zoo.SoftmaxHead}), the pipeline's models, the {@link io.baton.core.zoo.ValidationSet} and the
 * {@link io.baton.core.zoo.Manifest}. Each {@link io.baton.core.zoo.Layer} runs in Java and exports to ONNX; data comes
 * from {@link io.baton.core.zoo.FashionMnist} ({@link io.baton.core.zoo.Idx} files).
 */
package io.baton.core.zoo;
