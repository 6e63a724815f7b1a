package io.baton.profiler.job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpStatus;

import io.baton.commons.runtime.ExecutionProvider;
import io.baton.core.schemble.Aggregators;
import io.baton.core.schemble.EnsembleProfile;
import io.baton.profiler.ProfilerProperties;
import io.baton.profiler.api.ApiException;
import io.baton.profiler.measure.Cancelled;
import io.baton.commons.tensor.TensorSpec;
import io.baton.profiler.measure.EnsembleProfiler;
import io.baton.profiler.measure.FeedPlan;
import io.baton.profiler.measure.InterferenceFeatureProfiler;
import io.baton.profiler.measure.OrtProviders;
import io.baton.profiler.measure.PipelineFeatures;
import io.baton.profiler.measure.ValidationData;
import io.baton.profiler.measure.VariantProfiler;
import io.baton.profiler.registry.EnsembleProfileBody;
import io.baton.profiler.registry.ProfileBody;
import io.baton.profiler.registry.RegistryClient;
import io.baton.profiler.registry.RegistryException;
import io.baton.profiler.registry.RegistryModel.Application;
import io.baton.profiler.registry.RegistryModel.Dataset;
import io.baton.profiler.registry.RegistryModel.Variant;

/**
 * Accepts profiling jobs, runs them on a small executor ({@code baton.profiler.job-threads}, default one: two
 * measurements on one machine would disturb each other's timings), and keeps them for polling.
 *
 * <p>A request is checked when it is submitted, against the registry as it is then: an unknown application or
 * variant is refused with the registry's 404 there, not reported later as a failed job. Jobs live in memory (the
 * last {@code retainedJobs} finished ones); their results are in the registry, which is what lasts.
 *
 * <p>Dependencies lost: the registry unreachable (or answering 5xx) while a job reads a model or writes a profile
 * fails that job with {@code registry unavailable: ...} as its reason, marked {@link ProfilingJob#dependencyFailed}
 * so that {@link AutoProfiler} tries the variant again once the registry answers; a job submitted while it is down
 * is refused with 502. The profiler itself restarting loses its jobs (queued, running and finished): a poll of one
 * is a 404 saying so, and {@link AutoProfiler} profiles every variant still without a profile again.
 */
public final class ProfilingJobs implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(ProfilingJobs.class);
    private static final String KEY = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}"; // the registry's device-kind path segment
    static final int MAX_POINTS = 64, MAX_BATCH = 4096;

    private final RegistryClient registry;
    private final VariantProfiler profiler;
    private final EnsembleProfiler ensembleProfiler;
    private final InterferenceFeatureProfiler features;
    private final ProfilerProperties properties;
    private final ExecutorService executor;
    private final Map<String, ProfilingJob> jobs = new LinkedHashMap<>();

    public ProfilingJobs(RegistryClient registry, VariantProfiler profiler, EnsembleProfiler ensembleProfiler,
                         InterferenceFeatureProfiler features, ProfilerProperties properties) {
        this.registry = registry;
        this.profiler = profiler;
        this.ensembleProfiler = ensembleProfiler;
        this.features = features;
        this.properties = properties;
        AtomicInteger n = new AtomicInteger();
        ThreadFactory threads = r -> {
            Thread t = new Thread(r, "profiler-job-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.executor = Executors.newFixedThreadPool(properties.jobThreads(), threads);
    }

    /**
     * A new job, or the queued or running one that already covers every variant asked for (same application, device
     * kind and provider; for a whole ensemble, one that derives its ensemble profile too): measuring the same
     * variants twice at once would only disturb both measurements. That job is answered as it is, with its own
     * batch sizes and repetitions.
     */
    public ProfilingJob submit(JobRequest request) {
        JobSpec spec = check(request);
        ProfilingJob job;
        synchronized (jobs) {
            ProfilingJob running = covering(spec);
            if (running != null) return running;
            job = new ProfilingJob(UUID.randomUUID().toString(), spec);
            jobs.put(job.id(), job);
            forgetOldest();
        }
        job.future(executor.submit(() -> run(job)));
        return job;
    }

    /** The unfinished job that covers what {@code spec} asks for, or null. */
    private ProfilingJob covering(JobSpec spec) {
        List<String> wanted = spec.variants().stream().map(Variant::name).toList();
        for (ProfilingJob j : jobs.values()) {
            JobSpec s = j.spec();
            if (j.state().finished() || !s.application().name().equals(spec.application().name())
                    || !s.deviceKind().equals(spec.deviceKind()) || s.settings().provider() != spec.settings().provider()
                    || (spec.ensemble() != null && s.ensemble() == null)) {
                continue;
            }
            if (s.variants().stream().map(Variant::name).toList().containsAll(wanted)) return j;
        }
        return null;
    }

    /** The registry the jobs read and write. */
    RegistryClient registry() {
        return registry;
    }

    public ProfilingJob get(String id) {
        synchronized (jobs) {
            ProfilingJob job = jobs.get(id);
            if (job == null) {
                throw ApiException.notFound("id", "no profiling job " + id + " (jobs live in this profiler's memory: "
                        + "one started before it restarted is gone; the variants' profiles in the registry are what "
                        + "lasts, and automatic profiling starts again for every variant still without one)");
            }
            return job;
        }
    }

    public List<ProfilingJob> list() {
        synchronized (jobs) {
            List<ProfilingJob> all = new ArrayList<>(jobs.values());
            all.sort(Comparator.comparing(ProfilingJob::createdAt).reversed());
            return all;
        }
    }

    public ProfilingJob cancel(String id) {
        ProfilingJob job = get(id);
        if (!job.cancel()) {
            throw new ApiException(HttpStatus.CONFLICT, "not-cancellable", "id",
                    "profiling job " + id + " has finished already (" + job.state().name().toLowerCase() + ")");
        }
        return job;
    }

    private void run(ProfilingJob job) {
        if (!job.start()) return;
        JobSpec spec = job.spec();
        String app = spec.application().name(), provider = spec.settings().provider().id();
        try {
            ValidationData validation = null;
            if (spec.dataset() != null) {
                Dataset d = spec.dataset();
                validation = ValidationData.decode(d.name(), d.inputSpec().datatype(), d.inputSpec().shape(),
                        registry.artifact(d.inputsDigest()), registry.artifact(d.labelsDigest()));
            }
            int classes = spec.application().classes().size();
            List<byte[]> models = new ArrayList<>();
            Map<Integer, ValidationData> seenByStage = new java.util.HashMap<>();
            InterferenceFeatureProfiler.JobRun interference = features.forJob(spec.settings().provider());
            for (Variant v : spec.variants()) {
                job.checkCancelled();
                long t0 = System.nanoTime();
                byte[] model = model(v);
                if (spec.ensemble() != null) models.add(model);
                ValidationData seen = validation;
                if (validation != null && v.stage() > 0 && "pipeline".equals(spec.application().kind())) {
                    // a later stage reads what the stages before it write: evaluate it on that
                    ValidationData base = validation;
                    seen = seenByStage.computeIfAbsent(v.stage(), st -> upstreamFeatures(st, base, job));
                }
                VariantProfiler.Result r = profiler.profile(model, spec.plans().get(v.name()), seen, classes,
                        spec.settings(), job);
                job.checkCancelled();
                // then its interference features on this device, stored with the profile
                InterferenceFeatureProfiler.Outcome itf = r.shapeNote() == null ? interference.measure(app, v.name(), model)
                        : new InterferenceFeatureProfiler.Outcome(null, null, "interference features not measured: they "
                        + "are measured at the model's own input shapes with free dimensions 1, and " + r.shapeNote());
                ProfileBody body = r.profile().with(itf.features());
                job.checkCancelled(); // a cancelled job writes nothing more
                registry.putProfile(app, v.name(), spec.deviceKind(), provider, body);
                job.add(new VariantOutcome(v.name(), body,
                        "/v1/applications/" + app + "/variants/" + v.name() + "/profiles/" + spec.deviceKind() + "/" + provider,
                        r.rawLatency(), r.residentBytes(), r.accuracyNote(), (System.nanoTime() - t0) / 1e6,
                        itf.ms(), itf.note()));
                log.info("profiled {}/{} on {}/{} in {} ms (interference features: {})", app, v.name(), spec.deviceKind(), provider,
                        Math.round((System.nanoTime() - t0) / 1e6),
                        itf.ms() != null ? Math.round(itf.ms()) + " ms" : itf.note());
            }
            if (spec.ensemble() != null) profileEnsemble(job, models, validation, classes);
            job.finish(JobState.SUCCEEDED, null);
        } catch (Cancelled e) {
            job.finish(JobState.CANCELLED, null);
        } catch (ModelDoor.RefusedModelException e) {
            log.warn("profiling job {} refused a model: {}", job.id(), e.getMessage());
            job.finish(JobState.FAILED, e.getMessage());
        } catch (RegistryException e) {
            boolean down = e.unreachable() || e.status() >= 500;
            if (down) {
                log.warn("profiling job {} of {} failed: the registry is unavailable ({}); what it measured is lost",
                        job.id(), app, e.getMessage());
            }
            job.finish(JobState.FAILED, (down ? "registry unavailable: " : "registry: ") + e.getMessage(), down);
        } catch (io.baton.profiler.measure.ProfilingLimitExceeded e) {
            // the model's fault, not the profiler's: one line, and the reason in the job for whoever uploaded it
            log.warn("profiling job {} refused a variant of {}: {}", job.id(), app, e.getMessage());
            job.finish(JobState.FAILED, e.getMessage());
        } catch (Exception e) {
            log.warn("profiling job {} failed", job.id(), e);
            job.finish(JobState.FAILED, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** A variant's model, checked before any session is made of it ({@link ModelDoor}). */
    private byte[] model(Variant v) {
        return ModelDoor.checked(v.name(), v.artifactDigest(), registry.artifact(v.artifactDigest()));
    }

    private ValidationData upstreamFeatures(int stage, ValidationData validation, ProfilingJob job) {
        try {
            return PipelineFeatures.before(stage, job.spec().application().variants(), validation,
                    this::model, job::checkCancelled);
        } catch (ai.onnxruntime.OrtException e) {
            throw new IllegalStateException("running the stages before stage " + stage + " on the validation set failed: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Schemble's ensemble profile: every base model recorded on the validation set, the fits, the difficulty
     * predictor trained on the recorded outputs, both stored as artifacts, the profile PUT to the registry. Cancellation is honoured up to the writes.
     */
    private void profileEnsemble(ProfilingJob job, List<byte[]> models, ValidationData validation, int classes) throws Exception {
        JobSpec spec = job.spec();
        JobSpec.EnsembleStep step = spec.ensemble();
        String app = spec.application().name();
        List<String> names = spec.variants().stream().map(Variant::name).toList();
        long t0 = System.nanoTime();
        EnsembleProfiler.Result r = ensembleProfiler.profile(names, models, validation, classes, step.aggregator(), step.bins(),
                spec.settings(), job);
        job.checkCancelled();
        String digest = registry.upload(r.outputs(), "data"), predictor = registry.upload(r.predictor(), "onnx");
        EnsembleProfile p = r.profile();
        List<List<Double>> accuracy = new ArrayList<>();
        for (double[] row : p.accuracy()) accuracy.add(EnsembleProfiler.list(row));
        EnsembleProfileBody body = new EnsembleProfileBody(names, step.aggregatorName(), spec.dataset().name(), p.samples(),
                EnsembleProfiler.list(p.temperatures()), EnsembleProfiler.list(p.meanDistances()), EnsembleProfiler.list(p.binEdges()),
                java.util.Arrays.stream(p.binCounts()).boxed().toList(), accuracy, digest, predictor, java.time.Instant.now());
        registry.putEnsembleProfile(app, body);
        job.ensemble(new EnsembleOutcome(body, "/v1/applications/" + app + "/ensemble-profile", (System.nanoTime() - t0) / 1e6));
        log.info("profiled ensemble {} ({} base models, {} bins) in {} ms", app, names.size(), step.bins(),
                Math.round((System.nanoTime() - t0) / 1e6));
    }

    /** Field checks first (400), then the provider (422), then the registry (404 as it reports it). */
    private JobSpec check(JobRequest r) {
        if (r.application() == null || r.application().isBlank()) throw ApiException.invalid("application", "is required");
        if (r.variant() != null && r.variant().isBlank()) throw ApiException.invalid("variant", "must not be blank");
        String providerId = r.provider() == null ? "cpu" : r.provider();
        ExecutionProvider provider = ExecutionProvider.byId(providerId);
        if (provider == null) throw ApiException.invalid("provider", "must be cpu or cuda, not '" + providerId + "'");
        String deviceKind = r.deviceKind() == null ? provider.deviceKind() : r.deviceKind();
        if (!deviceKind.matches(KEY)) {
            throw ApiException.invalid("deviceKind", "must be 1-64 letters, digits, '.', '_' or '-' (e.g. cpu, gpu-h100)");
        }
        List<Integer> sizes = r.batchSizes() == null ? properties.batchSizes() : r.batchSizes();
        if (sizes.isEmpty() || sizes.size() > MAX_POINTS) throw ApiException.invalid("batchSizes", "must hold 1 to " + MAX_POINTS + " sizes");
        for (int i = 0; i < sizes.size(); i++) {
            Integer b = sizes.get(i);
            if (b == null || b < 1 || b > MAX_BATCH) throw ApiException.invalid("batchSizes[" + i + "]", "must be in [1, " + MAX_BATCH + "]");
        }
        if (new HashSet<>(sizes).size() != sizes.size()) throw ApiException.invalid("batchSizes", "must be distinct");
        int repetitions = r.repetitions() == null ? properties.repetitions() : r.repetitions();
        if (repetitions < 1 || repetitions > 1_000_000) throw ApiException.invalid("repetitions", "must be in [1, 1000000]");
        int warmup = r.warmup() == null ? properties.warmup() : r.warmup();
        if (warmup < 0 || warmup > 1_000_000) throw ApiException.invalid("warmup", "must be in [0, 1000000]");
        if (r.bins() != null && (r.bins() < 1 || r.bins() > ProfilerProperties.MAX_ENSEMBLE_BINS)) {
            throw ApiException.invalid("bins", "must be in [1, " + ProfilerProperties.MAX_ENSEMBLE_BINS + "]");
        }
        if (!OrtProviders.available(provider)) {
            throw ApiException.unprocessable("provider", "this ONNX Runtime build has no " + providerId
                    + " execution provider (run profiler-service built with `mvn -Pcuda` on a GPU machine)");
        }

        Application app = fromRegistry("application", () -> registry.application(r.application()));
        List<Variant> variants = app.variants();
        if (r.variant() != null) {
            variants = variants.stream().filter(v -> v.name().equals(r.variant())).toList();
            if (variants.isEmpty()) {
                throw ApiException.notFound("variant", "application " + app.name() + " has no variant " + r.variant());
            }
        } else if (variants.isEmpty()) {
            throw ApiException.unprocessable("application", "application " + app.name() + " has no variants to profile");
        }
        List<Dataset> datasets = fromRegistry("application", () -> registry.datasets(app.name()));
        Dataset dataset = null;
        if (r.dataset() != null) {
            dataset = datasets.stream().filter(d -> d.name().equals(r.dataset())).findFirst()
                    .orElseThrow(() -> ApiException.notFound("dataset", "application " + app.name() + " has no dataset " + r.dataset()));
        } else if (!datasets.isEmpty()) {
            dataset = datasets.get(0);
        }
        VariantProfiler.Settings settings = new VariantProfiler.Settings(sizes, repetitions, warmup, provider,
                properties.cudaDeviceId(), properties.intraOpThreads());
        String note = ensembleNote(app, r, dataset);
        if (r.bins() != null && note != null) throw ApiException.unprocessable("bins", note);
        boolean ensemble = "ensemble".equals(app.kind());
        JobSpec.EnsembleStep step = ensemble && note == null
                ? ensembleStep(app, r.bins() == null ? properties.ensembleBins() : r.bins()) : null;
        return new JobSpec(app, variants, deviceKind, dataset, settings, plans(app, variants), step,
                ensemble ? note : null);
    }

    /**
     * What each variant is fed ({@link FeedPlan}): a variant the profiler cannot measure as declared (a free
     * dimension no spec sizes, an input it cannot make) refuses the job with a 422 naming the variant, the input
     * and the dimension. A pipeline's later stages take what the stage before gives, not the application's inputs.
     */
    static Map<String, FeedPlan> plans(Application app, List<Variant> variants) {
        Map<String, FeedPlan> plans = new LinkedHashMap<>();
        for (Variant v : variants) {
            List<TensorSpec> declared = !"pipeline".equals(app.kind()) || v.stage() == 0 ? app.inputs() : List.of();
            try {
                plans.put(v.name(), FeedPlan.of(v.inputs(), declared, v.maxBatchSize(), v.inputValues()));
            } catch (FeedPlan.Unmeasurable e) {
                throw ApiException.unprocessable("variant", "variant " + v.name() + " of " + app.name()
                        + " cannot be profiled: " + e.getMessage());
            }
        }
        return plans;
    }

    /** Why this job does not derive the application's ensemble profile; null when it does. */
    private static String ensembleNote(Application app, JobRequest r, Dataset dataset) {
        if (!"ensemble".equals(app.kind())) return "application " + app.name() + " is a " + app.kind() + " application: only an ensemble has an ensemble profile";
        if (r.variant() != null) return "a job of one variant does not derive the ensemble profile: leave variant out to profile the whole ensemble";
        if (dataset == null) return "application " + app.name() + " has no validation dataset: the ensemble profile records every base model's outputs on one";
        if (app.classes().isEmpty()) return "application " + app.name() + " names no classes: the ensemble profile needs one probability per class";
        return null;
    }

    /** The application's aggregator ({@code policyParams.aggregator}, weights by variant name), as the gateway combines. */
    private static JobSpec.EnsembleStep ensembleStep(Application app, int bins) {
        String name = app.policyParams().path("aggregator").asText("averaging");
        double[] weights = new double[app.variants().size()];
        for (int k = 0; k < weights.length; k++) {
            com.fasterxml.jackson.databind.JsonNode w = app.policyParams().path("weights").get(app.variants().get(k).name());
            weights[k] = w != null && w.isNumber() ? w.doubleValue() : 1.0;
        }
        try {
            return new JobSpec.EnsembleStep(bins, name, Aggregators.byName(name, weights));
        } catch (IllegalArgumentException e) {
            throw ApiException.unprocessable("application", "application " + app.name() + " has policyParams.aggregator '" + name
                    + "': the ensemble profile knows averaging, weighted-averaging and voting");
        }
    }

    /** A registry refusal at submission: 404 stays 404 (naming our field), unreachable is 502, the rest 502 too. */
    private static <T> T fromRegistry(String field, java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (RegistryException e) {
            if (e.notFound()) throw ApiException.notFound(field, e.getMessage());
            throw new ApiException(HttpStatus.BAD_GATEWAY, "registry-unavailable", null,
                    e.unreachable() ? e.getMessage() : "registry answered " + e.status() + ": " + e.getMessage());
        }
    }

    /** Past {@code retainedJobs}, forget the oldest finished jobs (a running or queued one is never forgotten). */
    private void forgetOldest() {
        int excess = jobs.size() - properties.retainedJobs();
        for (Iterator<ProfilingJob> it = jobs.values().iterator(); excess > 0 && it.hasNext(); ) {
            if (it.next().state().finished()) {
                it.remove();
                excess--;
            }
        }
    }

    @Override
    public void destroy() {
        synchronized (jobs) {
            jobs.values().forEach(ProfilingJob::cancel);
        }
        executor.shutdownNow();
    }
}
