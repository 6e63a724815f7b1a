package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtProvider;
import io.baton.worker.runtime.ExecutionProviderUnavailableException;

/** A worker told to use CUDA on a runtime without it refuses to start, and says why and what to do. */
@ExtendWith(OutputCaptureExtension.class)
class CudaProviderTest {

    @Test
    void refusesToStartWithoutTheCudaProvider(CapturedOutput output) {
        assumeFalse(OrtEnvironment.getAvailableProviders().contains(OrtProvider.CUDA), "this runtime has CUDA");
        assertThatThrownBy(() -> new SpringApplicationBuilder(WorkerApplication.class)
                .run("--spring.main.web-application-type=none", "--baton.worker.provider=cuda", "--baton.worker.registry-url=file:/tmp").close())
                .hasRootCauseInstanceOf(ExecutionProviderUnavailableException.class)
                .rootCause()
                .hasMessageContaining("baton.worker.provider=cuda")
                .hasMessageContaining("no CUDA execution provider");
        assertThat(output.getAll())
                .contains("APPLICATION FAILED TO START")
                .contains("baton.worker.provider=cuda, but this ONNX Runtime build has no CUDA execution provider")
                .contains("set baton.worker.provider=cpu");
    }
}
