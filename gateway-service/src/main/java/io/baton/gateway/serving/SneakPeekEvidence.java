package io.baton.gateway.serving;

import io.baton.core.registry.LiveEngineKind;
import io.baton.core.registry.PolicyRegistry;
import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorSpec;
import io.baton.core.sneakpeek.HnswEvidence;
import io.baton.gateway.GatewayException;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.RegistryClient;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SneakPeek's evidence at the edge, where the request's inputs are decoded anyway: for a single-model application with
 * policy {@code sneakpeek}, the labels of each request's k nearest neighbours (approximate, HNSW: scheduling-core's
 * {@link HnswEvidence} over hnswlib) among the application's labelled examples, counted per class: the multinomial
 * evidence y of the paper's Dirichlet–multinomial (§4.1), which the scheduler turns into the posterior θ.
 *
 * <p><b>Which examples.</b> The paper searches the application's training data. Baton keeps an application's
 * labelled data as registry datasets, so the index is built from the dataset {@code policyParams.evidenceDataset}
 * names, else the application's first dataset by name (the demo's: its validation set, the same one its per-class
 * recall is measured on — a demo shortcut; register a training split under another name and name it to keep them
 * apart). {@code policyParams.k} sets k (default 5, the paper's). The index is built once per dataset version read,
 * when the first request needs it; the classes are the application's first output's last dimension (or the largest
 * label + 1).
 *
 * <p>A request of several examples gets the counts of all its examples' neighbours (it is one request to schedule).
 * The search's time is measured and reported ({@code evidence_ms}); it runs before the scheduler call, so it counts
 * against the request's deadline, and is recorded per application in {@code baton_gateway_evidence_seconds} (tag
 * {@code app}) so that operators see what the peek costs. Without a dataset, or an input the index cannot read, the
 * request goes unenriched (the scheduler plans it with the prior alone): evidence informs scheduling, it never fails a
 * request.
 */
public final class SneakPeekEvidence {

    private static final Logger log = LoggerFactory.getLogger(SneakPeekEvidence.class);

    /** Counts per class over the request's neighbours, and the search's wall time. */
    public record Result(double[] counts, double latencyMs) {
    }

    private record Index(String key, HnswEvidence hnsw, int dimensions, long readAtNanos) {
    }

    private final RegistryClient registry;
    private final long ttlNanos;
    private final Map<String, Index> indexes = new ConcurrentHashMap<>();
    private final Map<String, java.util.concurrent.atomic.AtomicBoolean> refreshing = new ConcurrentHashMap<>();
    private final MeterRegistry meters;
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    public SneakPeekEvidence(RegistryClient registry, long ttlNanos, MeterRegistry meters) {
        this.registry = registry;
        this.ttlNanos = ttlNanos;
        this.meters = meters;
    }

    static boolean applies(ApplicationDefinition app) {
        return PolicyRegistry.liveKind(app.policy()) == LiveEngineKind.SHARED_WINDOWS && "single".equals(app.kind());
    }

    public Optional<Result> evidence(ApplicationDefinition app, List<Tensor> inputs) {
        if (!applies(app) || inputs.isEmpty()) {
            return Optional.empty();
        }
        Optional<Index> index = index(app);
        Tensor x = inputs.get(0);
        if (index.isEmpty() || x.datatype() != Datatype.FP32 || x.shape().length == 0) {
            return Optional.empty();
        }
        int d = index.get().dimensions();
        int n = Math.toIntExact(x.batch());
        if (n < 1 || x.elements() != (long) n * d) {
            log.debug("{}: input {} does not fit the evidence index ({} values per example)", app.name(), x.shapeText(), d);
            return Optional.empty();
        }
        float[] values = new float[Math.toIntExact(x.elements())];
        x.data().duplicate().order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
        long t0 = System.nanoTime();
        double[] counts = null;
        for (int i = 0; i < n; i++) {
            float[] row = java.util.Arrays.copyOfRange(values, i * d, (i + 1) * d);
            double[] y = index.get().hnsw().enrich(row);
            if (counts == null) {
                counts = y;
            } else {
                for (int c = 0; c < y.length; c++) counts[c] += y[c];
            }
        }
        long elapsed = System.nanoTime() - t0;
        timer(app.name()).record(elapsed, TimeUnit.NANOSECONDS);
        return Optional.of(new Result(counts, elapsed / 1e6));
    }

    /** One timer per sneakpeek application (only registered applications reach here, so the tag set is bounded). */
    private Timer timer(String application) {
        return timers.computeIfAbsent(application, a -> Timer.builder("baton.gateway.evidence")
                .description("SneakPeek k-NN evidence search per request at the gateway, charged to its deadline")
                .tag("app", a)
                .publishPercentileHistogram()
                .register(meters));
    }

    private Optional<Index> index(ApplicationDefinition app) {
        Index known = indexes.get(app.name());
        long now = System.nanoTime();
        if (known != null && now - known.readAtNanos() < ttlNanos) {
            return Optional.of(known);
        }
        // One request re-reads the dataset while the others keep searching the index they have (a burst would
        // otherwise send the registry one read per request, each on some request's deadline).
        java.util.concurrent.atomic.AtomicBoolean flag = refreshing.computeIfAbsent(app.name(),
                a -> new java.util.concurrent.atomic.AtomicBoolean());
        if (known != null && !flag.compareAndSet(false, true)) {
            return Optional.of(known);
        }
        if (known == null) {
            synchronized (flag) { // the first build: one thread builds, the others wait for it
                Index built = indexes.get(app.name());
                if (built != null) return Optional.of(built);
                return refresh(app, null, now);
            }
        }
        try {
            return refresh(app, known, now);
        } finally {
            flag.set(false);
        }
    }

    private Optional<Index> refresh(ApplicationDefinition app, Index known, long now) {
        try {
            String named = app.policyParams().path("evidenceDataset").isTextual()
                    ? app.policyParams().get("evidenceDataset").asText() : null;
            Optional<RegistryClient.DatasetRef> ref = registry.dataset(app.name(), named);
            if (ref.isEmpty()) {
                return Optional.ofNullable(known);
            }
            String key = ref.get().inputsDigest() + "/" + ref.get().labelsDigest() + "/" + app.policyParams().path("k");
            if (known != null && known.key().equals(key)) {
                Index fresh = new Index(key, known.hnsw(), known.dimensions(), now);
                indexes.put(app.name(), fresh);
                return Optional.of(fresh);
            }
            Index built = build(app, ref.get(), key, now);
            indexes.put(app.name(), built);
            return Optional.of(built);
        } catch (GatewayException | IllegalArgumentException e) {
            log.warn("{}: no SneakPeek evidence ({}); its requests are planned with the prior alone", app.name(), e.getMessage());
            return Optional.ofNullable(known);
        }
    }

    private Index build(ApplicationDefinition app, RegistryClient.DatasetRef ref, String key, long now) {
        long t0 = System.nanoTime();
        byte[] inputs = registry.artifact(ref.inputsDigest());
        byte[] labelBytes = registry.artifact(ref.labelsDigest());
        int n = ref.sampleCount();
        if (n < 1 || labelBytes.length != n * Integer.BYTES || inputs.length % (n * Float.BYTES) != 0) {
            throw new IllegalArgumentException("dataset " + ref.name() + " does not hold " + n + " FP32 examples and labels");
        }
        int d = inputs.length / (n * Float.BYTES);
        float[] all = new float[n * d];
        ByteBuffer.wrap(inputs).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(all);
        int[] labels = new int[n];
        ByteBuffer.wrap(labelBytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(labels);
        float[][] features = new float[n][];
        int maxLabel = 0;
        for (int i = 0; i < n; i++) {
            features[i] = java.util.Arrays.copyOfRange(all, i * d, (i + 1) * d);
            maxLabel = Math.max(maxLabel, labels[i]);
        }
        int classes = Math.max(maxLabel + 1, outputClasses(app));
        int k = app.policyParams().path("k").asInt(5);
        if (k < 1) {
            throw new IllegalArgumentException("policyParams.k must be >= 1, got " + k);
        }
        HnswEvidence hnsw = new HnswEvidence(features, labels, classes, k);
        log.info("{}: SneakPeek evidence index over dataset {} ({} examples of {} values, {} classes, k = {}) built in {} ms",
                app.name(), ref.name(), n, d, classes, k, (System.nanoTime() - t0) / 1_000_000);
        return new Index(key, hnsw, d, now);
    }

    private static int outputClasses(ApplicationDefinition app) {
        if (app.outputs().isEmpty()) {
            return 0;
        }
        TensorSpec out = app.outputs().get(0);
        List<Long> shape = out.shape();
        return shape.isEmpty() ? 0 : (int) Math.max(0, shape.get(shape.size() - 1));
    }
}
