package io.baton.cli.zoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.baton.cli.zoo.Architectures.Architecture;
import java.nio.FloatBuffer;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every zoo architecture (and the pipeline's stage-2 pooling head), ONNX Runtime running the
 * exported graph computes what the Java forward pass computes: on random images (a third of the
 * pixels zero, like Fashion-MNIST's background), batch sizes 1 and 5.
 */
class ArchitectureRuntimeTest {
    static Stream<Architecture> architectures() {
        return Stream.concat(Architectures.CLASSIFIERS.stream(), Stream.of(new Architecture("pipe-head-small", "",
                r -> new Network(Shape.of(1568), List.of(new Layers.Reshape(Shape.of(8, 14, 14)), new Layers.AvgPool(2), new Layers.Flatten())))));
    }

    @ParameterizedTest
    @MethodSource("architectures")
    void onnxRuntimeAgreesWithTheJavaForwardPass(Architecture a) throws OrtException {
        SplittableRandom rnd = new SplittableRandom(5);
        Network features = a.features().apply(rnd);
        Network net = features.then(RandomFeatures.dense(rnd, features.output().size(), 10), new Layers.Softmax());
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession s = env.createSession(net.toOnnx(a.name(), "input", "probabilities", Map.of()).toBytes(), new OrtSession.SessionOptions())) {
            for (int batch : new int[] {1, 5}) {
                float[] x = new float[batch * net.input().size()];
                for (int i = 0; i < x.length; i++) x[i] = rnd.nextInt(3) == 0 ? 0f : (float) rnd.nextDouble();
                long[] shape = new long[net.input().rank() + 1];
                shape[0] = batch;
                for (int i = 0; i < net.input().rank(); i++) shape[i + 1] = net.input().dim(i);
                float[] java = net.forward(x, batch);
                try (OnnxTensor t = OnnxTensor.createTensor(env, FloatBuffer.wrap(x), shape);
                     OrtSession.Result r = s.run(Map.of("input", t))) {
                    float[][] ort = (float[][]) r.get(0).getValue();
                    for (int i = 0; i < batch; i++)
                        for (int c = 0; c < 10; c++) assertThat(ort[i][c]).as("%s example %d class %d", a.name(), i, c).isCloseTo(java[i * 10 + c], within(2e-5f));
                }
            }
        }
    }
}
