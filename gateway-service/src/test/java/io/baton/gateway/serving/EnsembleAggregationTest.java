package io.baton.gateway.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.Tensor;
import io.baton.core.policy.Aggregator;
import io.baton.gateway.GatewayException;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;

class EnsembleAggregationTest {

    static final List<String> MODELS = List.of("a", "b", "c");

    static List<Tensor> probs(float... values) {
        return List.of(Tensor.ofFloats("probs", new long[] {values.length / 2, 2}, values));
    }

    @Test
    void averagingIsTheMeanOfThePresentModelsRowByRow() {
        List<List<Tensor>> outputs = new ArrayList<>();
        outputs.add(probs(0.2f, 0.8f, 1f, 0f));
        outputs.add(null); // b did not run
        outputs.add(probs(0.6f, 0.4f, 0f, 1f));
        Tensor out = EnsembleAggregation.aggregate(Aggregator.averaging(), outputs, MODELS).get(0);
        assertThat(out.shape()).containsExactly(2, 2);
        assertThat(out.toDoubles()).containsExactly(new double[] {0.4, 0.6, 0.5, 0.5}, within(1e-6));
    }

    @Test
    void averagingMatchesADirectMeanOnRandomInputs() {
        Random random = new Random(42);
        for (int trial = 0; trial < 200; trial++) {
            int rows = 1 + random.nextInt(4), width = 1 + random.nextInt(5), models = 1 + random.nextInt(5);
            List<List<Tensor>> outputs = new ArrayList<>();
            List<String> names = new ArrayList<>();
            double[] sum = new double[rows * width];
            int present = 0;
            for (int m = 0; m < models; m++) {
                names.add("m" + m);
                if (m > 0 && random.nextBoolean()) {
                    outputs.add(null);
                    continue;
                }
                float[] v = new float[rows * width];
                for (int i = 0; i < v.length; i++) {
                    v[i] = random.nextFloat();
                    sum[i] += v[i];
                }
                outputs.add(List.of(Tensor.ofFloats("y", new long[] {rows, width}, v)));
                present++;
            }
            double[] got = EnsembleAggregation.aggregate(Aggregator.averaging(), outputs, names).get(0).toDoubles();
            for (int i = 0; i < sum.length; i++) {
                assertThat(got[i]).isCloseTo(sum[i] / present, within(1e-5));
            }
        }
    }

    @Test
    void fp64OutputsStayFp64() {
        ByteBuffer a = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putDouble(1).putDouble(3);
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putDouble(3).putDouble(5);
        Tensor out = EnsembleAggregation.aggregate(Aggregator.averaging(), List.of(
                List.of(new Tensor("y", Datatype.FP64, new long[] {1, 2}, a.flip())),
                List.of(new Tensor("y", Datatype.FP64, new long[] {1, 2}, b.flip()))), List.of("a", "b")).get(0);
        assertThat(out.datatype()).isEqualTo(Datatype.FP64);
        assertThat(out.toDoubles()).containsExactly(2, 4);
    }

    @Test
    void integerOutputsTakeTheMajorityTiesToTheFirstModel() {
        List<List<Tensor>> outputs = List.of(labels(1, 7), labels(2, 8), labels(2, 9));
        assertThat(EnsembleAggregation.aggregate(Aggregator.averaging(), outputs, MODELS).get(0).toDoubles())
                .containsExactly(2, 7);
    }

    @Test
    void halfFloatsAreAveragedInTheirOwnWidth() throws Exception {
        Tensor out = EnsembleAggregation.aggregate(Aggregator.averaging(), List.of(
                List.of(decode("y", Datatype.FP16, "[[1, 3]]")), List.of(decode("y", Datatype.FP16, "[[2, 5]]"))),
                List.of("a", "b")).get(0);
        assertThat(out.datatype()).isEqualTo(Datatype.FP16);
        assertThat(out.byteSize()).isEqualTo(4);
        assertThat(out.toDoubles()).containsExactly(1.5, 4);
        Tensor bf = EnsembleAggregation.aggregate(Aggregator.averaging(), List.of(
                List.of(decode("y", Datatype.BF16, "[[1, 3]]")), List.of(decode("y", Datatype.BF16, "[[2, 5]]"))),
                List.of("a", "b")).get(0);
        assertThat(bf.datatype()).isEqualTo(Datatype.BF16);
        assertThat(bf.toDoubles()).containsExactly(1.5, 4);
    }

    @Test
    void narrowIntegersBoolsAndStringsTakeTheMajority() throws Exception {
        for (String[] c : new String[][] {{"INT8", "[-1, 7]", "[2, 7]", "[2, 9]", "[2,7]"},
                {"UINT16", "[1, 65535]", "[3, 65535]", "[3, 0]", "[3,65535]"},
                {"BOOL", "[true, false]", "[false, true]", "[false, false]", "[false,false]"},
                {"BYTES", "[\"cat\", \"\"]", "[\"dog\", \"\"]", "[\"dog\", \"x\"]", "[\"dog\",\"\"]"}}) {
            Datatype type = Datatype.valueOf(c[0]);
            Tensor out = EnsembleAggregation.aggregate(Aggregator.averaging(), List.of(List.of(decode("y", type, c[1])),
                    List.of(decode("y", type, c[2])), List.of(decode("y", type, c[3]))), MODELS).get(0);
            assertThat(out.datatype()).isEqualTo(type);
            java.io.StringWriter text = new java.io.StringWriter();
            try (com.fasterxml.jackson.core.JsonGenerator g = new ObjectMapper().createGenerator(text)) {
                io.baton.commons.tensor.JsonTensors.write(g, out);
            }
            assertThat(text.toString()).as(c[0]).isEqualTo(c[4]);
        }
    }

    static Tensor decode(String name, Datatype type, String data) throws Exception {
        com.fasterxml.jackson.databind.JsonNode node = new ObjectMapper().readTree(data);
        long[] shape = node.get(0).isArray() ? new long[] {node.size(), node.get(0).size()} : new long[] {node.size()};
        return io.baton.commons.tensor.JsonTensors.decode(name, name, type, shape, node);
    }

    static List<Tensor> labels(long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return List.of(new Tensor("label", Datatype.INT64, new long[] {values.length}, b.flip()));
    }

    @Test
    void disagreeingShapesAreTheBackendsFault() {
        List<List<Tensor>> outputs = List.of(probs(0.5f, 0.5f), List.of(Tensor.ofFloats("probs", new long[] {1, 3},
                0.1f, 0.2f, 0.7f)));
        assertThatThrownBy(() -> EnsembleAggregation.aggregate(Aggregator.averaging(), outputs, MODELS))
                .isInstanceOfSatisfying(GatewayException.class, e -> assertThat(e.status()).isEqualTo(502))
                .hasMessageContaining("output 'probs'").hasMessageContaining("a gave").hasMessageContaining("b gave");
    }

    @Test
    void theAggregatorIsChosenByPolicyParams() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<VariantDefinition> variants = MODELS.stream()
                .map(n -> new VariantDefinition(n, 0, "d", List.of(), List.of())).toList();
        List<List<Tensor>> outputs = List.of(probs(1f, 0f), probs(0f, 1f), probs(0f, 1f));

        ApplicationDefinition weighted = new ApplicationDefinition("e", "ensemble", "schemble",
                json.readTree("{\"aggregator\": \"weighted-averaging\", \"weights\": {\"a\": 2}}"), 100,
                List.of(), List.of(), variants);
        assertThat(EnsembleAggregation.aggregate(EnsembleAggregation.aggregatorFor(weighted), outputs, MODELS)
                .get(0).toDoubles()).containsExactly(new double[] {0.5, 0.5}, within(1e-6));

        ApplicationDefinition voting = new ApplicationDefinition("e", "ensemble", "schemble",
                json.readTree("{\"aggregator\": \"voting\"}"), 100, List.of(), List.of(), variants);
        double[] votes = EnsembleAggregation.aggregate(EnsembleAggregation.aggregatorFor(voting), outputs, MODELS)
                .get(0).toDoubles();
        assertThat(votes).containsExactly(new double[] {1 / 3.0, 2 / 3.0}, within(1e-6));

        ApplicationDefinition unknown = new ApplicationDefinition("e", "ensemble", "schemble",
                json.readTree("{\"aggregator\": \"median\"}"), 100, List.of(), List.of(), variants);
        assertThatThrownBy(() -> EnsembleAggregation.aggregatorFor(unknown)).isInstanceOf(GatewayException.class)
                .hasMessageContaining("median");

        ApplicationDefinition plain = new ApplicationDefinition("e", "ensemble", "schemble", null, 100, List.of(),
                List.of(), variants);
        assertThat(Arrays.stream(EnsembleAggregation.aggregate(EnsembleAggregation.aggregatorFor(plain), outputs,
                MODELS).get(0).toDoubles()).sum()).isCloseTo(1.0, within(1e-6));
    }
}
