package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import io.baton.e2e.support.NamedTensor;
import io.baton.e2e.support.OrtRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stateful graph {@link PublishedModelsIT} serves, as the project's ONNX writer builds it, opened by ONNX Runtime
 * alone: its inputs (k a rank-0 INT64 scalar, state with its batch axis second) and what it computes.
 */
class StatefulModelTest {

    @Test
    void theWriterBuildsAScalarInt64InputAndTheGraphComputesWhatItsDocumentationSays(@TempDir Path dir) throws Exception {
        Path onnx = dir.resolve("stateful.onnx");
        Files.write(onnx, PublishedModelsIT.statefulModel());
        try (OrtSession s = OrtEnvironment.getEnvironment().createSession(onnx.toString(), new OrtSession.SessionOptions())) {
            Map<String, NodeInfo> in = s.getInputInfo();
            assertThat(in.keySet()).containsExactly("x", "state", "k");
            assertThat(((TensorInfo) in.get("k").getInfo()).getShape()).isEmpty();
            assertThat(((TensorInfo) in.get("k").getInfo()).type).isEqualTo(ai.onnxruntime.OnnxJavaType.INT64);
            assertThat(((TensorInfo) in.get("state").getInfo()).getShape()).containsExactly(2, -1, 4);
        }
        float[] x = {1, -2, 0.5f, 4}, state = {1, 2, 3, 4, -1, 0, 1, 2};
        try (OrtRun ort = new OrtRun()) {
            Map<String, NamedTensor> out = ort.run(onnx, List.of(NamedTensor.fp32("x", new long[] {1, 4}, x),
                    NamedTensor.fp32("state", new long[] {2, 1, 4}, state), NamedTensor.int64("k", new long[0], new long[] {3})));
            assertThat(out.get("y").shape()).containsExactly(1, 4);
            assertThat(out.get("stateN").shape()).containsExactly(2, 1, 4);
            for (int i = 0; i < 4; i++) {
                assertThat(out.get("y").floats()[i]).isCloseTo(x[i] * 3 + (state[i] + state[4 + i]) / 2, within(1e-6f));
                assertThat(out.get("stateN").floats()[i]).isCloseTo(state[i] / 2 + x[i], within(1e-6f));
                assertThat(out.get("stateN").floats()[4 + i]).isCloseTo(state[4 + i] / 2 + x[i], within(1e-6f));
            }
        }
    }
}
