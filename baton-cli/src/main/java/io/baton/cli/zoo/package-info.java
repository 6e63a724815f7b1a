/**
 * The Fashion-MNIST model zoo that the quick start serves: {@link io.baton.cli.zoo.ZooBuilder} builds every classifier
 * of {@link io.baton.cli.zoo.Architectures} (fixed {@link io.baton.cli.zoo.RandomFeatures} and a trained
 * {@link io.baton.cli.zoo.SoftmaxHead}), the pipeline's models, the {@link io.baton.cli.zoo.ValidationSet} and the
 * {@link io.baton.cli.zoo.Manifest}. Each {@link io.baton.cli.zoo.Layer} runs in Java and exports to ONNX; data comes
 * from {@link io.baton.cli.zoo.FashionMnist} ({@link io.baton.cli.zoo.Idx} files).
 */
package io.baton.cli.zoo;
