package io.baton.core.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

/**
 * The crafted models open in ONNX Runtime (a {@code Loop} body written as a graph-valued attribute, BOOL value infos)
 * and compute what their documentation says, on inputs small enough to be cheap.
 */
class InputDrivenCostModelsTest {

    static final OrtEnvironment ORT = OrtEnvironment.getEnvironment();

    private static float y(OnnxModel model, float x) throws OrtException {
        try (OrtSession session = ORT.createSession(model.toBytes());
             OnnxTensor input = OnnxTensor.createTensor(ORT, new float[][] {{x}});
             OrtSession.Result result = session.run(Map.of("x", input))) {
            return ((float[][]) result.get(0).getValue())[0][0];
        }
    }

    @Test
    void theLoopRunsMaxXTrips() throws OrtException {
        assertThat(y(InputDrivenCostModels.loop(), 3)).isEqualTo(3 + 3 + 3);
        assertThat(y(InputDrivenCostModels.loop(), 0)).isEqualTo(0);
        assertThat(y(InputDrivenCostModels.loop(2), 0.5f)).as("int(0.5 + 2) = 2 trips").isEqualTo(0.5f + 0.5f + 2);
    }

    @Test
    void theExpansionIsNByN() throws OrtException {
        assertThat(y(InputDrivenCostModels.expand(), 3)).isEqualTo(3 + 9);
        assertThat(y(InputDrivenCostModels.expand(4), 0.25f)).as("n = int(0.25 + 4) = 4").isEqualTo(0.25f + 16);
    }

    @Test
    void theAccumulatingLoopKeepsARowPerTrip() throws OrtException {
        assertThat(y(InputDrivenCostModels.accumulatingLoop(), 3)).isEqualTo(3 + 1024 * (0 + 1 + 2));
    }
}
