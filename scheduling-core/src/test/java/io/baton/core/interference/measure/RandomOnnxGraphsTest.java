package io.baton.core.interference.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RandomOnnxGraphsTest {

    @Test
    void sameSeedSameGraphDifferentSeedDifferentGraph() {
        byte[] a = RandomOnnxGraphs.generate("g", 5).model().toBytes();
        assertArrayEquals(a, RandomOnnxGraphs.generate("g", 5).model().toBytes());
        assertTrue(!java.util.Arrays.equals(a, RandomOnnxGraphs.generate("g", 6).model().toBytes()));
    }

    @Test
    void graphsStayWithinTheScaledTableIiRangesAndOnnxRuntimeRunsThem() throws Exception {
        List<RandomGraph> graphs = RandomOnnxGraphs.generate(6, 3);
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        java.util.Set<String> ops = new java.util.HashSet<>();
        for (RandomGraph g : graphs) {
            assertTrue(g.macs() >= RandomOnnxGraphs.MIN_MACS && g.macs() <= RandomOnnxGraphs.MAX_MACS, g.name() + " macs " + g.macs());
            assertTrue(g.weightBytes() <= RandomOnnxGraphs.MAX_WEIGHT_BYTES);
            assertTrue(g.blocks() >= 2 && g.blocks() <= 8);
            g.model().nodes().forEach(n -> ops.add(n.opType()));
            for (var n : g.model().nodes()) {
                if (n.opType().equals("Conv")) {
                    long out = g.model().initializers().stream().filter(i -> i.name().equals(n.inputs().get(1))).findFirst().orElseThrow().dims()[0];
                    assertTrue(out >= RandomOnnxGraphs.MIN_CHANNELS && out <= RandomOnnxGraphs.MAX_CHANNELS, "conv channels " + out);
                }
            }
            byte[] bytes = g.model().toBytes();
            assertEquals(g.model().nodes().size(), OnnxNodeCount.count(bytes));
            try (OrtSession s = env.createSession(bytes, new OrtSession.SessionOptions())) {
                var shape = new long[] {1, 3, 0, 0};
                long side = ((ai.onnxruntime.TensorInfo) s.getInputInfo().get(RandomOnnxGraphs.INPUT).getInfo()).getShape()[2];
                shape[2] = side;
                shape[3] = side;
                float[] x = new float[(int) (3 * side * side)];
                java.util.Arrays.fill(x, 0.5f);
                try (OnnxTensor in = OnnxTensor.createTensor(env, FloatBuffer.wrap(x), shape);
                     OrtSession.Result r = s.run(Map.of(RandomOnnxGraphs.INPUT, in))) {
                    float[][] p = (float[][]) r.get(0).getValue();
                    assertEquals(10, p[0].length);
                    double sum = 0;
                    for (float v : p[0]) sum += v;
                    assertEquals(1.0, sum, 1e-3, g.name() + " softmax output");
                }
            }
        }
        assertTrue(ops.contains("Conv") && ops.contains("Gemm") && ops.contains("Relu") && ops.contains("Softmax"), ops.toString());
    }
}
