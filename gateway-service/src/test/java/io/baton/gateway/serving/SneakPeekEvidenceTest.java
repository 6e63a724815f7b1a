package io.baton.gateway.serving;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorSpec;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.RegistryClient;
import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.support.Settings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * The gateway's SneakPeek evidence against an exhaustive k-NN on a small labelled set: per-class neighbour counts must
 * be the brute force's (HNSW with ef ≥ the set's size searches it whole), a batch sums its examples' counts, and
 * requests the index cannot read go unenriched.
 */
class SneakPeekEvidenceTest {

    static final int N = 150;
    static final int D = 6;
    static final int CLASSES = 3;

    /** A registry holding one dataset of the application, counting how often its blobs are read. */
    static final class DatasetRegistry extends RegistryClient {
        final byte[] inputs;
        final byte[] labels;
        final AtomicInteger blobReads = new AtomicInteger();

        DatasetRegistry(float[][] x, int[] y) {
            super(null, null, Settings.bind("baton.gateway", UpstreamProperties.class, Map.of()));
            ByteBuffer in = ByteBuffer.allocate(x.length * D * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (float[] row : x) for (float v : row) in.putFloat(v);
            ByteBuffer lab = ByteBuffer.allocate(y.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (int v : y) lab.putInt(v);
            this.inputs = in.array();
            this.labels = lab.array();
        }

        @Override
        public Optional<DatasetRef> dataset(String application, String name) {
            return Optional.of(new DatasetRef("train", "sha256:in", "sha256:lab", N));
        }

        @Override
        public byte[] artifact(String digest) {
            blobReads.incrementAndGet();
            return digest.equals("sha256:in") ? inputs : labels;
        }
    }

    final Random random = new Random(7);
    final float[][] x = new float[N][D];
    final int[] y = new int[N];

    SneakPeekEvidenceTest() {
        for (int i = 0; i < N; i++) {
            y[i] = i % CLASSES;
            for (int j = 0; j < D; j++) x[i][j] = (float) (random.nextGaussian() + (j == y[i] ? 2.0 : 0.0));
        }
    }

    static ApplicationDefinition app(String policy, String policyParams) throws Exception {
        return new ApplicationDefinition("peek", "single", policy, new ObjectMapper().readTree(policyParams), 150,
                List.of(), List.of(new TensorSpec("probs", "FP32", List.of(-1L, (long) CLASSES))), List.of());
    }

    /** Counts per class of the k closest training examples, by exhaustive Euclidean search. */
    double[] bruteForce(float[] q, int k) {
        Integer[] order = IntStream.range(0, N).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> distance(x[i], q)));
        double[] counts = new double[CLASSES];
        for (int i = 0; i < k; i++) counts[y[order[i]]]++;
        return counts;
    }

    static double distance(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += (a[i] - b[i]) * (a[i] - b[i]);
        return s;
    }

    float[] query() {
        float[] q = new float[D];
        for (int j = 0; j < D; j++) q[j] = (float) (random.nextGaussian() * 1.5);
        return q;
    }

    @Test
    void countsMatchAnExhaustiveSearchForTheConfiguredK() throws Exception {
        for (int k : new int[] {5, 9}) {
            SneakPeekEvidence evidence = new SneakPeekEvidence(new DatasetRegistry(x, y), Long.MAX_VALUE,
                    new SimpleMeterRegistry());
            ApplicationDefinition app = app("sneakpeek", "{\"k\":" + k + "}");
            for (int t = 0; t < 40; t++) {
                float[] q = query();
                SneakPeekEvidence.Result r = evidence.evidence(app,
                        List.of(Tensor.ofFloats("x", new long[] {1, D}, q))).orElseThrow();
                assertThat(r.counts()).as("k = %d, query %d", k, t).containsExactly(bruteForce(q, k));
                assertThat(r.latencyMs()).isNotNegative();
            }
        }
    }

    @Test
    void aBatchGetsTheSumOfItsExamplesCountsAndTheIndexIsBuiltOnce() throws Exception {
        DatasetRegistry registry = new DatasetRegistry(x, y);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        SneakPeekEvidence evidence = new SneakPeekEvidence(registry, Long.MAX_VALUE, meters);
        ApplicationDefinition app = app("sneakpeek", "{}");
        float[] a = query();
        float[] b = query();
        float[] both = new float[2 * D];
        System.arraycopy(a, 0, both, 0, D);
        System.arraycopy(b, 0, both, D, D);
        double[] counts = evidence.evidence(app, List.of(Tensor.ofFloats("x", new long[] {2, D}, both)))
                .orElseThrow().counts();
        double[] expected = bruteForce(a, 5);
        double[] second = bruteForce(b, 5);
        for (int c = 0; c < CLASSES; c++) expected[c] += second[c];
        assertThat(counts).containsExactly(expected);
        assertThat(Arrays.stream(counts).sum()).isEqualTo(10.0);

        evidence.evidence(app, List.of(Tensor.ofFloats("x", new long[] {1, D}, a))).orElseThrow();
        assertThat(registry.blobReads).hasValue(2); // inputs and labels, once
        assertThat(meters.get("baton.gateway.evidence").tag("app", "peek").timer().count()).isEqualTo(2);
    }

    @Test
    void requestsTheIndexCannotReadOrOtherPoliciesGoUnenriched() throws Exception {
        SneakPeekEvidence evidence = new SneakPeekEvidence(new DatasetRegistry(x, y), Long.MAX_VALUE,
                new SimpleMeterRegistry());
        assertThat(evidence.evidence(app("sneakpeek", "{}"),
                List.of(Tensor.ofFloats("x", new long[] {1, D + 1}, new float[D + 1])))).isEmpty();
        assertThat(evidence.evidence(app("symphony", "{}"),
                List.of(Tensor.ofFloats("x", new long[] {1, D}, query())))).isEmpty();
        assertThat(evidence.evidence(app("sneakpeek", "{}"), List.of())).isEmpty();
    }
}
