package io.baton.gateway.serving;

import io.baton.core.registry.LiveEngineKind;
import io.baton.core.registry.PolicyRegistry;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.Tensor;
import io.baton.core.schemble.difficulty.OnnxDifficultyEnricher;
import io.baton.gateway.GatewayException;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.RegistryClient;

/**
 * Schemble's difficulty prediction at the edge, so that the scheduler can plan each query by its difficulty: for an
 * ensemble application with policy {@code schemble} whose ensemble profile names a difficulty predictor (the profiler
 * trains it), each request's first input goes through scheduling-core's {@link OnnxDifficultyEnricher} (ONNX Runtime,
 * one intra-op thread) and the predicted score of every example comes back with the time the predictor took.
 *
 * <p><b>Latency against the deadline.</b> The enricher runs before any scheduler call, and the request's
 * {@link Deadline} started when the gateway received it: whatever enrichment takes (the predictor's run; on a cache
 * miss also the registry reads and the session's creation) is already spent when {@link EnsembleRoute} computes the
 * time it gives the scheduler, so it counts against the deadline without any bookkeeping. The predictor's own run is
 * also reported ({@code difficulty_ms}), the cost the simulation ({@code bench schemble}) charges.
 *
 * <p>Which predictor an application has is read from the registry at most once per {@code ttlNanos} (the
 * application cache's time); a predictor session is made once per artifact digest. An application without one, an
 * input the predictor does not read (another datatype or size), or a registry that cannot be reached leaves the
 * request unenriched: enrichment informs scheduling, it never fails a request.
 */
public final class DifficultyEnrichment implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DifficultyEnrichment.class);

    /** Per example of the request, its predicted score (≥ 0); and the predictor's wall time for the whole request. */
    public record Result(double[] scores, double latencyMs) {
    }

    /** profiled: the application has an ensemble profile (Schemble can plan it); digest: its predictor, if any. */
    private record Entry(boolean profiled, Optional<String> digest, long readAtNanos) {
    }

    private final RegistryClient registry;
    private final long ttlNanos;
    private final LongSupplier nanoTime;
    private final Map<String, Entry> predictorOf = new ConcurrentHashMap<>();
    private final Map<String, OnnxDifficultyEnricher> sessions = new ConcurrentHashMap<>();

    public DifficultyEnrichment(RegistryClient registry, long ttlNanos, LongSupplier nanoTime) {
        this.registry = registry;
        this.ttlNanos = ttlNanos;
        this.nanoTime = nanoTime;
    }

    /** Whether requests of this application are enriched at all: ensembles scheduled by Schemble. */
    static boolean applies(ApplicationDefinition app) {
        return "ensemble".equals(app.kind())
                && PolicyRegistry.liveKind(app.policy()) == LiveEngineKind.ENSEMBLE_QUERIES;
    }

    /** The request's difficulty, or empty when the application has no predictor or the input does not fit it. */
    public Optional<Result> enrich(ApplicationDefinition app, List<Tensor> inputs) {
        if (!applies(app) || inputs.isEmpty()) {
            return Optional.empty();
        }
        Optional<OnnxDifficultyEnricher> predictor = predictor(app.name());
        Tensor x = inputs.get(0);
        if (predictor.isEmpty() || x.datatype() != Datatype.FP32 || x.shape().length == 0) {
            return Optional.empty();
        }
        OnnxDifficultyEnricher enricher = predictor.get();
        int n = Math.toIntExact(x.batch());
        if (n < 1 || x.elements() != (long) n * enricher.sampleSize()) {
            log.debug("{}: input {} does not fit the difficulty predictor ({} values per example)", app.name(), x.shapeText(),
                    enricher.sampleSize());
            return Optional.empty();
        }
        float[] values = new float[Math.toIntExact(x.elements())];
        x.data().duplicate().order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
        long t0 = System.nanoTime();
        float[] raw = enricher.scores(values, n);
        double ms = (System.nanoTime() - t0) / 1e6;
        double[] scores = new double[n];
        for (int i = 0; i < n; i++) {
            scores[i] = Math.max(0, raw[i]);
        }
        return Optional.of(new Result(scores, ms));
    }

    /**
     * Whether the scheduler's Schemble engine plans this application's queries: an ensemble with policy
     * {@code schemble} whose ensemble profile (bins and (bin, subset) table) is stored. Until the profiler stores
     * one, every base model runs each request (Schemble's {@code original} baseline), as before the policy was live.
     */
    public boolean plannedBySchemble(ApplicationDefinition app) {
        return applies(app) && entry(app.name()).profiled();
    }

    private Optional<OnnxDifficultyEnricher> predictor(String application) {
        return entry(application).digest().flatMap(this::session);
    }

    private Entry entry(String application) {
        long now = nanoTime.getAsLong();
        Entry entry = predictorOf.get(application);
        if (entry == null || now - entry.readAtNanos() >= ttlNanos) {
            boolean profiled;
            Optional<String> digest;
            try {
                Optional<RegistryClient.EnsembleProfileSummary> profile = registry.ensembleProfile(application);
                profiled = profile.isPresent();
                digest = profile.flatMap(RegistryClient.EnsembleProfileSummary::predictorDigest);
            } catch (GatewayException e) {
                log.warn("{}: cannot read the ensemble profile ({}); serving without difficulty", application, e.getMessage());
                profiled = entry != null && entry.profiled();
                digest = entry == null ? Optional.empty() : entry.digest();
            }
            entry = new Entry(profiled, digest, now);
            predictorOf.put(application, entry);
        }
        return entry;
    }

    private Optional<OnnxDifficultyEnricher> session(String digest) {
        OnnxDifficultyEnricher known = sessions.get(digest);
        if (known != null) {
            return Optional.of(known);
        }
        try {
            return Optional.of(sessions.computeIfAbsent(digest, d -> new OnnxDifficultyEnricher(registry.artifact(d), 1)));
        } catch (GatewayException | IllegalArgumentException e) {
            log.warn("difficulty predictor {} cannot be served ({}); serving without difficulty", digest, e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        sessions.values().forEach(OnnxDifficultyEnricher::close);
        sessions.clear();
    }
}
