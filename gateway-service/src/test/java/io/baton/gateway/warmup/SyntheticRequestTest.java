package io.baton.gateway.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.TensorSpec;
import io.baton.core.warmup.WarmupLoop;
import io.baton.gateway.oip.OipRequest;
import io.baton.gateway.oip.OipRequestReader;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;

class SyntheticRequestTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ApplicationDefinition app(List<TensorSpec> inputs) {
        return new ApplicationDefinition("a", "single", "symphony", null, 100, inputs, List.of(),
                List.of(new VariantDefinition("v", 0, "d", inputs, List.of())));
    }

    @Test
    void everyInputOfTheSignatureWithFreeDimensionsOfOneReadsAsAnOipRequest() {
        ApplicationDefinition app = app(List.of(new TensorSpec("image", "FP32", List.of(-1L, 1L, 28L, 28L)),
                new TensorSpec("sr", "INT64", List.of()), new TensorSpec("mask", "BOOL", List.of(-1L, 3L)),
                new TensorSpec("text", "BYTES", List.of(2L))));
        OipRequest read = new OipRequestReader(JSON).read(SyntheticRequest.body(app, JSON), null);
        assertThat(read.id()).isEqualTo(SyntheticRequest.ID);
        assertThat(read.inputs()).extracting(t -> t.name()).containsExactly("image", "sr", "mask", "text");
        assertThat(read.inputs().get(0).shape()).containsExactly(1L, 1L, 28L, 28L);
        assertThat(read.inputs().get(2).shape()).containsExactly(1L, 3L);
    }

    @Test
    void whatCannotBeBuiltAbandonsWithTheInputsName() {
        assertThatThrownBy(() -> SyntheticRequest.body(app(List.of(new TensorSpec("seq", "SEQUENCE", List.of()))), JSON))
                .isInstanceOf(WarmupLoop.Abandon.class).hasMessageContaining("seq");
        assertThatThrownBy(() -> SyntheticRequest.body(app(List.of(new TensorSpec("big", "FP32",
                List.of(4096L, 4096L)))), JSON)).isInstanceOf(WarmupLoop.Abandon.class).hasMessageContaining("big");
        assertThatThrownBy(() -> SyntheticRequest.body(app(List.of()), JSON)).isInstanceOf(WarmupLoop.Abandon.class)
                .hasMessageContaining("no inputs");
    }
}
