package io.baton.profiler.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.TensorInfo;
import io.baton.commons.runtime.ExecutionProvider;
import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.TensorSpec;
import io.baton.profiler.registry.ProfileBody.LatencyPoint;
import io.baton.profiler.support.AnyModels;

/**
 * The profiler measures models that are not the zoo's, with real ONNX Runtime sessions on graphs built by
 * scheduling-core's ONNX writer: several inputs of any datatype at their declared shapes, a non-batching model as
 * one point, free dimensions sized by the declared specs, and a free dimension nobody sizes refused by name.
 */
class AnyModelProfilingTest {

    static final VariantProfiler.Settings SETTINGS = new VariantProfiler.Settings(List.of(1, 2, 4, 8, 16, 32, 64), 3, 1,
            ExecutionProvider.CPU, 0, 1);

    static TensorSpec spec(String name, String datatype, long... shape) {
        List<Long> dims = new ArrayList<>();
        for (long d : shape) dims.add(d);
        return new TensorSpec(name, datatype, dims);
    }

    @Test
    void aMultiInputNonBatchingModelWithAStateAndAnInt64ScalarIsOnePointAtItsDeclaredShape() throws Exception {
        FeedPlan plan = FeedPlan.of(List.of(spec("input", "FP32", 1, 512), spec("state", "FP32", 2, 1, 128),
                spec("sr", "INT64")), List.of(), 0);
        VariantProfiler.Result r = new VariantProfiler().profile(AnyModels.vadLike(), plan, null, 0, SETTINGS,
                Progress.NONE);
        assertThat(r.profile().latency()).extracting(LatencyPoint::batchSize).containsExactly(1);
        assertThat(r.profile().latency().get(0).p50Ms()).isPositive();
        assertThat(r.profile().loadMs()).isPositive();
        assertThat(r.profile().memoryBytes()).isNotNull();
        assertThat(r.profile().accuracy()).isNull();
        assertThat(r.accuracyNote()).isEqualTo("no validation dataset registered for the application");
        assertThat(r.shapeNote()).contains("does not batch");
        assertThat(r.profile().alphaMs()).isNotNull().isFinite();
        assertThat(r.profile().betaMs()).isNotNull().isFinite();
    }

    @Test
    void anInputWhoseValueTheModelReadsIsFedTheVariantsInputValue() throws Exception {
        List<TensorSpec> vad = List.of(spec("input", "FP32", 1, 512), spec("state", "FP32", 2, 1, 128), spec("sr", "INT64"));
        // random small integers take the branch the model fails on, naming the input's shapes and the failing node
        assertThatThrownBy(() -> new VariantProfiler().profile(AnyModels.vadReadingTheRate(), FeedPlan.of(vad, List.of(), 0),
                null, 0, SETTINGS, Progress.NONE)).hasMessageContaining("Gather");

        FeedPlan plan = FeedPlan.of(vad, List.of(), 0, Map.of("sr", JsonNodeFactory.instance.numberNode(16_000L)));
        assertThat(plan.inputs().get(2).value().asLong()).isEqualTo(16_000L);
        assertThat(plan.inputs().get(0).value()).isNull();
        VariantProfiler.Result r = new VariantProfiler().profile(AnyModels.vadReadingTheRate(), plan, null, 0, SETTINGS,
                Progress.NONE);
        assertThat(r.profile().latency()).extracting(LatencyPoint::batchSize).containsExactly(1);
        assertThat(r.profile().latency().get(0).p50Ms()).isPositive();
    }

    @Test
    void everyDatatypeIsFedItsInputValueAndAValueThatDoesNotFitIsRefusedNamingTheInput() throws Exception {
        JsonNodeFactory f = JsonNodeFactory.instance;
        Map<String, JsonNode> values = Map.ofEntries(Map.entry("in9", f.booleanNode(true)), Map.entry("in2", f.numberNode(200)),
                Map.entry("in3", f.numberNode(-5)), Map.entry("in5", f.numberNode(300)), Map.entry("in6", f.numberNode(7)),
                Map.entry("in7", f.numberNode(16_000L)), Map.entry("in10", f.numberNode(0.5)),
                Map.entry("in16", f.numberNode(2)), Map.entry("in1", f.numberNode(1.5)), Map.entry("in11", f.numberNode(-2.25)),
                Map.entry("in8", f.textNode("hello")));
        FeedPlan plan = FeedPlan.of(everyDatatypeInputs(), List.of(), 4, values);
        VariantProfiler.Result r = new VariantProfiler().profile(AnyModels.everyDatatype(), plan, null, 0, SETTINGS,
                Progress.NONE);
        assertThat(r.profile().latency()).extracting(LatencyPoint::batchSize).containsExactly(1, 2, 4);

        assertThatThrownBy(() -> FeedPlan.of(everyDatatypeInputs(), List.of(), 4, Map.of("in3", f.numberNode(128))))
                .isInstanceOf(FeedPlan.Unmeasurable.class).hasMessageContaining("inputValues.in3").hasMessageContaining("INT8");
        assertThatThrownBy(() -> FeedPlan.of(everyDatatypeInputs(), List.of(), 4, Map.of("in9", f.numberNode(1))))
                .isInstanceOf(FeedPlan.Unmeasurable.class).hasMessageContaining("inputValues.in9").hasMessageContaining("true or false");
        assertThatThrownBy(() -> FeedPlan.of(everyDatatypeInputs(), List.of(), 4, Map.of("rate", f.numberNode(1))))
                .isInstanceOf(FeedPlan.Unmeasurable.class).hasMessageContaining("rate").hasMessageContaining("no input");
    }

    @Test
    void freeHeightAndWidthDeclaredByTheVariantAreMeasuredUpToMaxBatchSize() throws Exception {
        FeedPlan plan = FeedPlan.of(List.of(spec("x", "FP32", -1, 3, 48, 192)), List.of(), 8);
        VariantProfiler.Result r = new VariantProfiler().profile(AnyModels.ocrLike(), plan, null, 0, SETTINGS,
                Progress.NONE);
        assertThat(r.profile().latency()).extracting(LatencyPoint::batchSize).containsExactly(1, 2, 4, 8);
        assertThat(r.shapeNote()).contains("input x", "dimension 2");
    }

    @Test
    void theApplicationsDeclaredSizesServeWhereTheVariantLeavesADimensionFree() throws Exception {
        FeedPlan plan = FeedPlan.of(List.of(spec("x", "FP32", -1, 3, -1, -1)),
                List.of(spec("image", "FP32", -1, 3, 32, 64)), 64);
        assertThat(plan.inputs().get(0).shape()).containsExactly(-1, 3, 32, 64);
        VariantProfiler.Result r = new VariantProfiler().profile(AnyModels.ocrLike(), plan, null, 0,
                new VariantProfiler.Settings(List.of(1, 2), 2, 0, ExecutionProvider.CPU, 0, 1), Progress.NONE);
        assertThat(r.profile().latency()).hasSize(2);
    }

    @Test
    void everyDatatypeGetsASyntheticInput() throws Exception {
        FeedPlan plan = FeedPlan.of(everyDatatypeInputs(), List.of(), 4);
        VariantProfiler.Result r = new VariantProfiler().profile(AnyModels.everyDatatype(), plan, null, 0, SETTINGS,
                Progress.NONE);
        assertThat(r.profile().latency()).extracting(LatencyPoint::batchSize).containsExactly(1, 2, 4);
        assertThat(r.shapeNote()).isNull();
    }

    @Test
    void unsignedInputsAreFedSeededValuesAndTheirInputValuesUpToTheLargestOfTheirType() throws Exception {
        List<TensorSpec> inputs = List.of(spec("u16", "UINT16", -1, 3), spec("u32", "UINT32", -1, 3),
                spec("u64", "UINT64", -1, 3));
        VariantProfiler.Result seeded = new VariantProfiler().profile(AnyModels.unsigned(),
                FeedPlan.of(inputs, List.of(), 4), null, 0, SETTINGS, Progress.NONE);
        assertThat(seeded.profile().latency()).extracting(LatencyPoint::batchSize).containsExactly(1, 2, 4);

        JsonNodeFactory f = JsonNodeFactory.instance;
        BigInteger largest = BigInteger.TWO.pow(64).subtract(BigInteger.ONE);
        Map<String, JsonNode> values = Map.of("u16", f.numberNode(65_535), "u32", f.numberNode(4_000_000_000L),
                "u64", f.numberNode(largest));
        FeedPlan plan = FeedPlan.of(inputs, List.of(), 4, values);
        VariantProfiler.Result given = new VariantProfiler().profile(AnyModels.unsigned(), plan, null, 0, SETTINGS,
                Progress.NONE);
        assertThat(given.profile().latency()).extracting(LatencyPoint::batchSize).containsExactly(1, 2, 4);
        // the elements carry the unsigned values' bits, as ONNX Runtime reads them
        try (OnnxTensor u16 = SyntheticTensors.filled(OrtEnvironment.getEnvironment(), Datatype.UINT16, new long[] {2, 3}, values.get("u16"));
             OnnxTensor u32 = SyntheticTensors.filled(OrtEnvironment.getEnvironment(), Datatype.UINT32, new long[] {2, 3}, values.get("u32"));
             OnnxTensor u64 = SyntheticTensors.filled(OrtEnvironment.getEnvironment(), Datatype.UINT64, new long[] {2, 3}, values.get("u64"))) {
            assertThat(u16.getInfo().onnxType).isEqualTo(TensorInfo.OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT16);
            assertThat(Short.toUnsignedInt(u16.getShortBuffer().get(5))).isEqualTo(65_535);
            assertThat(Integer.toUnsignedLong(u32.getIntBuffer().get(5))).isEqualTo(4_000_000_000L);
            assertThat(Long.toUnsignedString(u64.getLongBuffer().get(5))).isEqualTo(largest.toString());
        }

        assertThatThrownBy(() -> FeedPlan.of(inputs, List.of(), 4, Map.of("u16", f.numberNode(65_536))))
                .isInstanceOf(FeedPlan.Unmeasurable.class).hasMessageContaining("inputValues.u16")
                .hasMessageContaining("UINT16 takes an integer in [0, 65535]");
        assertThatThrownBy(() -> FeedPlan.of(inputs, List.of(), 4, Map.of("u64", f.numberNode(-1))))
                .isInstanceOf(FeedPlan.Unmeasurable.class).hasMessageContaining("inputValues.u64");
    }

    /** One input per datatype the profiler feeds, as {@link AnyModels#everyDatatype} names them, each [-1, 3]. */
    static List<TensorSpec> everyDatatypeInputs() {
        List<TensorSpec> inputs = new ArrayList<>();
        for (String t : List.of("BOOL", "UINT8", "INT8", "INT16", "INT32", "INT64", "FP16", "BF16", "FP32", "FP64", "BYTES")) {
            int type = switch (t) {
                case "BOOL" -> AnyModels.BOOL;
                case "UINT8" -> AnyModels.UINT8;
                case "INT8" -> AnyModels.INT8;
                case "INT16" -> AnyModels.INT16;
                case "INT32" -> AnyModels.INT32;
                case "INT64" -> AnyModels.INT64;
                case "FP16" -> AnyModels.FLOAT16;
                case "BF16" -> AnyModels.BFLOAT16;
                case "FP32" -> AnyModels.FLOAT;
                case "FP64" -> AnyModels.DOUBLE;
                default -> AnyModels.STRING;
            };
            inputs.add(spec("in" + type, t, -1, 3));
        }
        return inputs;
    }

    @Test
    void aFreeDimensionNoSpecSizesIsRefusedNamingTheInputAndTheDimension() {
        assertThatThrownBy(() -> FeedPlan.of(List.of(spec("x", "FP32", -1, 3, 48, -1)), List.of(), 64))
                .isInstanceOf(FeedPlan.Unmeasurable.class)
                .hasMessageContaining("input x").hasMessageContaining("dimension 3")
                .hasMessageContaining("declare its size in the variant's inputs");
        // without batching, a free first dimension is no batch axis either
        assertThatThrownBy(() -> FeedPlan.of(List.of(spec("input", "FP32", -1, 512), spec("sr", "INT64")), List.of(), 0))
                .isInstanceOf(FeedPlan.Unmeasurable.class)
                .hasMessageContaining("input input").hasMessageContaining("dimension 0");
    }

    @Test
    void batchSizesStopAtMaxBatchSize() {
        FeedPlan plan = FeedPlan.of(List.of(spec("x", "FP32", -1, 2)), List.of(), 6);
        assertThat(plan.batchSizes(List.of(1, 2, 4, 8))).containsExactly(1, 2, 4);
        assertThat(FeedPlan.of(List.of(spec("x", "FP32", -1, 2)), List.of(), 3).batchSizes(List.of(8))).containsExactly(3);
        assertThat(FeedPlan.of(List.of(spec("x", "FP32", 1, 2)), List.of(), 0).batchSizes(List.of(1, 2))).containsExactly(1);
        // a registry that does not say: batching when every input's first dimension is free, uncapped
        assertThat(FeedPlan.of(List.of(spec("x", "FP32", -1, 2)), List.of(), null).batchSizes(List.of(1, 64, 128)))
                .containsExactly(1, 64, 128);
    }
}
