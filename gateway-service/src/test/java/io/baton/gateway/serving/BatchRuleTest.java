package io.baton.gateway.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.commons.tensor.TensorSpec;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;

class BatchRuleTest {

    static VariantDefinition v(String name, int stage, Integer maxBatchSize) {
        return new VariantDefinition(name, stage, "d", List.of(), List.of(), maxBatchSize);
    }

    static ApplicationDefinition app(String kind, String policy, VariantDefinition... variants) {
        return new ApplicationDefinition("m", kind, policy, null, 100, List.of(), List.of(), List.of(variants));
    }

    @Test
    void aSingleModelTakesTheLargestLimitOfTheVariantsTheSchedulerMayPick() {
        ApplicationDefinition app = app("single", "symphony", v("a", 0, 8), v("b", 0, 32), v("c", 0, 0));
        assertThat(BatchRule.of(app, null)).isEqualTo(new BatchRule(true, 32, "b"));
        assertThat(BatchRule.of(app, app.variant("a").orElseThrow())).isEqualTo(new BatchRule(true, 8, "a"));
        assertThat(BatchRule.of(app, app.variant("c").orElseThrow()).batched()).isFalse();
        // a variant that does not state its limit (an older registry): batched, no limit stated
        assertThat(BatchRule.of(app("single", "symphony", v("a", 0, 8), v("b", 0, null)), null))
                .isEqualTo(new BatchRule(true, null, null));
        assertThat(BatchRule.of(app("single", "symphony", v("a", 0, 0), v("b", 0, 0)), null).batched()).isFalse();
        assertThat(BatchRule.of(app("single", "symphony"), null)).isEqualTo(BatchRule.UNLIMITED);
    }

    @Test
    void everyBaseModelOfAnEnsembleAndEveryStageOfAPipelineRunsTheRequest() {
        assertThat(BatchRule.of(app("ensemble", "schemble", v("a", 0, 8), v("b", 0, 4), v("c", 0, 0)), null))
                .isEqualTo(new BatchRule(true, 4, "b"));
        // stages run their first variant (by name) unless the policy plans them
        ApplicationDefinition pipe = app("pipeline", "symphony", v("a", 0, 16), v("z", 0, 2), v("b", 1, 8),
                v("c", 1, 64));
        assertThat(BatchRule.of(pipe, null)).isEqualTo(new BatchRule(true, 8, "b"));
        assertThat(BatchRule.of(pipe, pipe.variant("z").orElseThrow())).isEqualTo(new BatchRule(true, 2, "z"));
        ApplicationDefinition planned = app("pipeline", "ipa", v("a", 0, 16), v("z", 0, 2), v("b", 1, 8),
                v("c", 1, 64));
        assertThat(BatchRule.of(planned, null)).isEqualTo(new BatchRule(true, 16, "a"));
    }

    @Test
    void aRequestForANonBatchingVariantPassesAsSent() {
        List<TensorSpec> specs = List.of(new TensorSpec("audio", "FP32", List.of(-1L, -1L)),
                new TensorSpec("state", "FP32", List.of(2L, -1L, 128L)), new TensorSpec("sr", "INT64", List.of()));
        List<Tensor> inputs = List.of(Tensor.ofFloats("audio", new long[] {1, 2}, 0, 0),
                Tensor.ofFloats("state", new long[] {2, 1, 128}, new float[256]),
                Tensor.of("sr", io.baton.commons.tensor.Datatype.INT64, new long[] {}, new byte[8]));
        assertThat(InputValidator.validate("vad", inputs, specs, new BatchRule(false, null, null))).hasSize(3);
        assertThatThrownBy(() -> InputValidator.validate("vad", inputs, specs, BatchRule.UNLIMITED))
                .isInstanceOf(TensorException.class).hasMessage("input 'state': batch (dimension 0) is 2 but input "
                        + "'audio' has 1");
    }
}
