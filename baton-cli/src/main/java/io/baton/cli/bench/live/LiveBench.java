package io.baton.cli.bench.live;

import io.grpc.ManagedChannel;
import static io.baton.core.policy.PolicyIds.SYMPHONY;
import static io.baton.core.policy.PolicyIds.WORK_CONSERVING;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.domain.LatencyProfile;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Profiling;
import io.baton.cli.suite.ServiceProcess;
import io.baton.cli.suite.SuiteException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.DoubleFunction;

/**
 * {@code baton bench live}: drives a running suite's gateway ({@code POST /v2/models/{app}/infer}) with validation
 * images, or inputs generated from the application's declared specs when it has none ({@link Workload}), under
 * open-loop Poisson arrivals, comparing the policies {@code symphony} and {@code work-conserving} at
 * three loads on the same model. It registers two applications ({@code <prefix>-symphony}, {@code <prefix>-wc})
 * with the fastest profiled variant of the source application (the same artifact) and a copy of its profile, so
 * the two differ in nothing but the policy. With {@code raw}, it also finds the serving path's saturation
 * throughput (closed loop) and times the model alone in ONNX Runtime at the same batch size, and reports the
 * serving path's targets (throughput at least half of ONNX Runtime alone, and the latency it adds), with the CPU time
 * the gateway, the scheduler and each live worker spent per answered request over the saturation run
 * ({@link CpuPerRequest}, from {@code /proc}) and how often their threads blocked per answered request, each a hand-off
 * between threads ({@link WakeupsPerRequest}).
 */
public final class LiveBench {
    static final List<Double> LOAD_FRACTIONS = List.of(0.3, 0.6, 0.9);
    static final int IMAGES = 256;

    /**
     * @param rates requests per second per point; null: {@link #LOAD_FRACTIONS} of the capacity estimate, capped by
     *                   maxRate
     * @param workers    null: the scheduler's live workers
     * @param variant    null: the fastest profiled variant of {@code sourceApp} (smallest ℓ(1))
     * @param sloMs      null: the source application's
     * @param inputs     what to send: {@link #DATASET} (the application's validation images), {@link #GENERATED}
     *                   (seeded random inputs in the declared specs), or null: the images when the application has a
     *                   validation set that fits its one input, else generated
     * @param batch      the batch size ONNX Runtime alone runs at with {@code raw}; null: the mean batch the gateway
     *                   formed at saturation
     * @param intraOpThreads ONNX Runtime alone's intra-op threads per session; null: the live workers' (1 when
     *                   {@code workers} is given, as {@code up} runs them)
     * @param inputValues one value for every element of the named inputs, as text ({@link InputGenerator}); given,
     *                   the inputs are generated unless {@code inputs} says otherwise
     */
    public record Config(List<URI> gateways, URI registry, URI scheduler, String sourceApp, String variant, Double sloMs, List<Double> rates,
                         double maxRate, double seconds, double warmupSeconds, long seed, Duration timeout, Integer workers,
                         String prefix, boolean raw, int concurrency, String inputs, Integer batch, Integer intraOpThreads,
                         Map<String, String> inputValues, String protocol, List<String> grpcTargets) {
        public Config {
            inputValues = inputValues == null ? Map.of() : Map.copyOf(inputValues);
            if (gateways == null || gateways.isEmpty()) throw new IllegalArgumentException("--gateway: no gateway given");
            gateways = List.copyOf(gateways);
            grpcTargets = grpcTargets == null || grpcTargets.isEmpty() ? List.of() : List.copyOf(grpcTargets);
        }

        /** The first gateway: the one the bench reads readiness from. */
        public URI gateway() {
            return gateways.get(0);
        }
    }

    public static final String DATASET = "dataset", GENERATED = "generated";
    /** {@code --protocol}: the gateway's REST routes, or its gRPC port ({@code --grpc HOST:PORT}). */
    public static final String HTTP = "http", GRPC = "grpc";

    /** The chosen model: its variant (as the registry shows it), artifact, profile (as the registry stores it) and ℓ(b). */
    record Model(String variant, String digest, JsonNode profile, LatencyProfile latency, JsonNode variantJson) {}

    /** The live workers: how many, and the intra-op threads each session runs with (as the first reports it; 1 when none does). */
    record Workers(int count, int intraOpThreads) {}

    private final Config config;
    private final PrintStream out;
    private final JsonHttp http = new JsonHttp(Duration.ofSeconds(30));
    /** What the lowest load point is, for the added-latency target. */
    private String lowestLoad = "lowest load";
    /** The leading scheduler, found once: {@code --scheduler} may name the standby. */
    private URI scheduler;

    public LiveBench(Config config, PrintStream out) {
        this.config = config;
        this.out = out;
    }

    /** Runs every point and prints as it goes; bad flags or names are {@link IllegalArgumentException}s naming the flag. */
    public void run() throws Exception {
        scheduler = LeadingScheduler.of(http, config.scheduler(), out);
        Target target = target();
        Model model = target.model();
        Workload workload = target.workload();
        requireBatch(workload.declared());
        double slo = target.sloMs();
        Workers live = config.workers() != null ? new Workers(config.workers(), 1) : liveWorkers();
        int workers = live.count();
        if (workers < 1) throw new SuiteException("the scheduler at " + scheduler + " has no live worker");
        int intraOpThreads = config.intraOpThreads() != null ? config.intraOpThreads() : live.intraOpThreads();
        Integer maxBatch = workload.declared().batchable() ? workload.declared().maxBatchSize() : Integer.valueOf(1);
        Capacity capacity = capacity(model.latency(), workers, slo, maxBatch == null ? Integer.MAX_VALUE : maxBatch);
        if (config.rates() == null && !(capacity.rps() > 0)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--slo: %s runs %.3f ms at batch 1 by its profile, too slow for an SLO of %.0f ms"
                    + " with %d workers; give a larger --slo or the --rates to send", model.variant(), model.latency().latencyMs(1), slo, workers));
        }
        List<Double> rates = config.rates() != null ? config.rates()
                : LOAD_FRACTIONS.stream().map(f -> f * Math.min(capacity.rps(), config.maxRate())).toList();

        out.printf(Locale.ROOT, "bench live: %s of %s (ℓ(1) %.3f ms, ℓ(%d) %.3f ms), SLO %.0f ms, %d live workers%n", model.variant(),
                config.sourceApp(), model.latency().latencyMs(1), capacity.batch(), model.latency().latencyMs(Math.max(1, capacity.batch())),
                slo, workers);
        out.printf(Locale.ROOT, "capacity from the profile (Symphony Eqs. 2-3, batch %d): %.0f req/s%s%n", capacity.batch(), capacity.rps(),
                config.rates() == null && capacity.rps() > config.maxRate()
                        ? String.format(Locale.ROOT, "; loads are %s of --max-rate %.0f req/s (the HTTP path, not the model, bounds this machine)",
                        LOAD_FRACTIONS, config.maxRate()) : "");
        if (workload.isGenerated()) out.println(workload.describe(config.seed()));
        if (config.rates() == null) {
            lowestLoad = String.format(Locale.ROOT, "%.0f%% of %s", 100 * LOAD_FRACTIONS.get(0), capacity.rps() > config.maxRate() ? "--max-rate" : "capacity");
        }

        Map<String, String> apps = new LinkedHashMap<>();
        apps.put(SYMPHONY, config.prefix() + "-symphony");
        apps.put(WORK_CONSERVING, config.prefix() + "-wc");
        for (var e : apps.entrySet()) createApplication(e.getValue(), e.getKey(), target.source(), model, slo);
        for (String app : apps.values()) awaitReady(app);

        KeepAliveHttp client = HttpRequests.client();
        List<ManagedChannel> channels = Gateways.channels(config.protocol(), config.grpcTargets());
        try {
            measure(workload, model, apps, rates, slo, workers, intraOpThreads, client, channels);
        } finally {
            channels.forEach(ManagedChannel::shutdownNow);
            client.close();
        }
    }

    /** The application {@code --app} names, its chosen model, what to send it and its SLO (or {@code --slo}). */
    record Target(JsonNode source, Model model, Workload workload, double sloMs) {}

    /** Reads the source application from the registry and prepares what to send it: what bench soak drives too. */
    Target target() {
        JsonNode source = read("/v1/applications/" + config.sourceApp(), "--app: the registry has no application '" + config.sourceApp() + "'");
        Model model = chooseModel(source);
        Workload workload = workload(source, model);
        return new Target(source, model, workload, config.sloMs() != null ? config.sloMs() : source.path("sloMs").asDouble());
    }

    private Requests requests(Workload workload, String app, KeepAliveHttp client, List<ManagedChannel> channels) {
        return Gateways.requests(workload, app, client, channels, config.gateways(), config.timeout());
    }

    private void measure(Workload workload, Model model, Map<String, String> apps, List<Double> rates, double slo, int workers,
                         int intraOpThreads, KeepAliveHttp client, List<ManagedChannel> channels) throws Exception {
        List<PointResult> points = new ArrayList<>();
        if (!channels.isEmpty()) {
            out.println("over gRPC: inference.GRPCInferenceService/ModelInfer at " + String.join(", ", config.grpcTargets()));
        }
        if (config.gateways().size() > 1) out.println("through " + config.gateways().size() + " gateways, round-robin");
        printHeader();
        GeneratorJit jit = new GeneratorJit();
        Map<PointResult, Long> compiledMs = new IdentityHashMap<>();
        List<String> warmups = new ArrayList<>();
        for (var e : apps.entrySet()) {
            Requests requests = requests(workload, e.getValue(), client, channels);
            warmUp(requests, rates.get(0), e.getValue(), jit).ifPresent(warmups::add);
            for (int i = 0; i < rates.size(); i++) {
                long compiledBefore = jit.totalMs();
                OpenLoop.Run run = OpenLoop.run(requests, rates.get(i), config.seconds(), config.seed() + i, config.timeout());
                PointResult p = new PointResult(e.getKey(), rates.get(i), run.seconds(), slo, run.outcomes(), run.lateP99Ms());
                compiledMs.put(p, jit.totalMs() - compiledBefore);
                points.add(p);
                printRow(p);
            }
        }
        warmups.forEach(out::println);
        printFootnotes(points, compiledMs);

        if (config.raw()) {
            Requests requests = requests(workload, apps.get(WORK_CONSERVING), client, channels);
            raw(model, workload, slo, workers, intraOpThreads, requests, points);
        }
        long unanswered = points.stream().mapToLong(PointResult::unanswered).sum();
        if (unanswered > 0) throw new SuiteException(unanswered + " requests got no answer at all (every request must end answered)");
        out.println("every request was answered (200 or a refusal with a reason)");
    }

    /**
     * The warm-up before an application's points: {@code --warmup} seconds at the first rate (at most 200/s), then
     * one second at a time while this load generator's own JIT still compiled more than {@link GeneratorJit#QUIET_SHARE}
     * of a core in the last one, for at most {@link GeneratorJit#MAX_EXTRA_SECONDS} more. None with {@code --warmup 0}.
     *
     * @return the line that says how long the generator took to go quiet, when it took more than one extra second
     */
    private Optional<String> warmUp(Requests requests, double firstRate, String app, GeneratorJit jit) throws InterruptedException {
        if (config.warmupSeconds() <= 0) return Optional.empty();
        double rate = Math.min(firstRate, 200);
        OpenLoop.run(requests, rate, config.warmupSeconds(), config.seed() + 99, config.timeout());
        if (!jit.measured()) return Optional.empty();
        int extra = 0;
        long compiled;
        do {
            long before = jit.totalMs();
            OpenLoop.run(requests, rate, 1, config.seed() + 100 + extra, config.timeout());
            compiled = jit.totalMs() - before;
            extra++;
        } while (!GeneratorJit.quiet(compiled, 1) && extra < GeneratorJit.MAX_EXTRA_SECONDS);
        if (extra == 1) return Optional.empty();
        return Optional.of(String.format(Locale.ROOT, "warm-up of %s: %d s more than --warmup %.0f s until this load generator's JIT "
                + "compiled under %.0f%% of a core (%d ms in its last second)%s", app, extra, config.warmupSeconds(),
                100 * GeneratorJit.QUIET_SHARE, compiled, GeneratorJit.quiet(compiled, 1) ? "" : ", the most it waits"));
    }

    // ------------------------------------------------------------------------------------------ setup

    private Model chooseModel(JsonNode app) {
        Model best = null;
        for (JsonNode v : app.path("variants")) {
            JsonNode profile = cpuProfile(v);
            if (profile == null) continue;
            if (config.variant() != null && !config.variant().equals(v.path("name").asText())) continue;
            Map<Integer, Double> points = new TreeMap<>();
            profile.path("latency").forEach(p -> points.put(p.path("batchSize").asInt(), p.path("p50Ms").asDouble()));
            Model m = new Model(v.path("name").asText(), v.path("artifactDigest").asText(), profile,
                    LatencyProfile.measured(points, LatencyProfile.Fit.LINEAR), v);
            if (best == null || m.latency().latencyMs(1) < best.latency().latencyMs(1)) best = m;
        }
        if (best == null) {
            throw new IllegalArgumentException(config.variant() != null
                    ? "--variant: " + config.sourceApp() + " has no profiled variant '" + config.variant() + "'"
                    : "--app: " + config.sourceApp() + " has no variant with a CPU profile yet (registering a variant starts its profiling,"
                    + " bin/baton up profiles the demo zoo: wait for it and run again)");
        }
        return best;
    }

    private static JsonNode cpuProfile(JsonNode variant) {
        for (JsonNode p : variant.path("profiles")) {
            if (Profiling.DEVICE_KIND.equals(p.path("deviceKind").asText()) && Profiling.PROVIDER.equals(p.path("executionProvider").asText())) return p;
        }
        return null;
    }

    /** Requests per second the workers sustain by the profile: Symphony's staggered batching (Eq. 2) and Eq. 3. */
    record Capacity(int batch, double rps) {}

    static Capacity capacity(LatencyProfile latency, int workers, double sloMs) {
        return capacity(latency, workers, sloMs, Integer.MAX_VALUE);
    }

    /** As {@link #capacity(LatencyProfile, int, double)} with batches of at most {@code maxBatch} (the variant's maxBatchSize). */
    static Capacity capacity(LatencyProfile latency, int workers, double sloMs, int maxBatch) {
        int largestMeasured = latency.measuredPoints().keySet().stream().mapToInt(Integer::intValue).max().orElse(1);
        int best = 0;
        double rps = 0;
        for (int b = 1; b <= Math.min(largestMeasured, maxBatch); b++) {
            // Eq. 2: with the workers staggered, a request waits at most ℓ(b)/N for one to free, then runs ℓ(b).
            if (!((1.0 + 1.0 / workers) * latency.latencyMs(b) < sloMs)) break;
            double r = workers * latency.throughput(b);
            if (r > rps) {
                rps = r;
                best = b;
            }
        }
        return new Capacity(best, rps);
    }

    private Workers liveWorkers() {
        JsonHttp.Response r = http.get(scheduler.resolve("/internal/v1/workers"));
        if (r.status() != 200) throw new SuiteException("the scheduler's worker list answered " + r.status() + " " + r.reason());
        int live = 0;
        Integer intraOp = null;
        for (JsonNode w : r.json()) {
            if (!"LIVE".equals(w.path("state").asText())) continue;
            live++;
            JsonNode threads = w.path("device").path("intraOpThreads");
            if (intraOp == null && threads.isIntegralNumber()) intraOp = threads.asInt();
        }
        return new Workers(live, intraOp == null ? 1 : intraOp);
    }

    /** The services measured over the saturation run: the gateways and the scheduler, the live workers, or why none. */
    private record Measured(List<CpuPerRequest.Service> services, List<CpuPerRequest.Service> workers, String noWorkers) {}

    /**
     * The gateways, the scheduler and the live workers, whose processes are measured over the saturation run. The
     * workers are those the scheduler lists as live, at the URLs they registered; a scheduler that cannot say leaves
     * them unmeasured, never fails the bench.
     */
    private Measured measured() {
        List<CpuPerRequest.Service> services = new ArrayList<>();
        for (int i = 0; i < config.gateways().size(); i++) {
            services.add(new CpuPerRequest.Service(Gateways.name(i), config.gateways().get(i)));
        }
        services.add(new CpuPerRequest.Service("scheduler", scheduler));
        List<CpuPerRequest.Service> workers = new ArrayList<>();
        String noWorkers = null;
        try {
            JsonHttp.Response r = http.get(scheduler.resolve("/internal/v1/workers"));
            if (r.status() != 200) {
                noWorkers = "the scheduler's worker list answered " + r.status();
            } else {
                for (JsonNode w : r.json()) {
                    if (!"LIVE".equals(w.path("state").asText())) continue;
                    if (!w.path("url").isTextual()) {
                        noWorkers = "the scheduler's worker list gives no URL for " + w.path("workerId").asText();
                        workers.clear();
                        break;
                    }
                    workers.add(new CpuPerRequest.Service(w.path("workerId").asText(), URI.create(w.path("url").asText())));
                }
                if (workers.isEmpty() && noWorkers == null) noWorkers = "the scheduler lists no live worker";
            }
        } catch (RuntimeException e) {
            noWorkers = "the scheduler's worker list could not be read: " + e.getMessage();
        }
        return new Measured(services, workers, noWorkers);
    }

    /** The validation images when asked for, or by default when they fit the application's one input; else generated inputs. */
    private Workload workload(JsonNode source, Model model) {
        boolean declares = source.path("inputs").size() + model.variantJson().path("inputs").size() > 0;
        DeclaredInputs declared = declares ? DeclaredInputs.of(source, model.variantJson()) : new DeclaredInputs(model.variant(), List.of(), null);
        boolean oneFloatInput = declared.inputs().isEmpty()
                || declared.inputs().size() == 1 && "FP32".equals(declared.inputs().get(0).datatype());
        if (DATASET.equals(config.inputs()) && !config.inputValues().isEmpty()) {
            throw new IllegalArgumentException("--input-values: the validation images are sent as they are; values apply to --inputs generated");
        }
        boolean generate = GENERATED.equals(config.inputs())
                || config.inputs() == null && (!config.inputValues().isEmpty() || !(oneFloatInput && hasDataset(source)));
        if (generate) return Workload.generated(DeclaredInputs.of(source, model.variantJson()), IMAGES, config.seed(), config.inputValues());
        if (DATASET.equals(config.inputs()) && !hasDataset(source)) {
            throw new IllegalArgumentException("--inputs dataset: application " + source.path("name").asText() + " has no validation dataset;"
                    + " leave --inputs out to generate inputs from its specs");
        }
        return Workload.images(images(source), declared);
    }

    private boolean hasDataset(JsonNode source) {
        JsonHttp.Response r = http.get(config.registry().resolve("/v1/applications/" + source.path("name").asText() + "/datasets"));
        return r.status() == 200 && r.json().path("items").size() > 0;
    }

    /** A --batch the model cannot run at is bad input, found before any request is sent. */
    private void requireBatch(DeclaredInputs declared) {
        Integer b = config.batch();
        if (b == null) return;
        if (!declared.batchable() && b != 1) {
            throw new IllegalArgumentException("--batch: variant " + declared.variant() + " does not batch (maxBatchSize 0), so it runs one request"
                    + " at a time, not " + b);
        }
        if (declared.maxBatchSize() != null && b > declared.maxBatchSize()) {
            throw new IllegalArgumentException("--batch: variant " + declared.variant() + " batches up to " + declared.maxBatchSize() + ", not " + b);
        }
    }

    /** Creates (or brings up to date) a single-model application serving {@code model} under {@code policy}. */
    private void createApplication(String name, String policy, JsonNode source, Model model, double slo) {
        ObjectNode body = JsonHttp.JSON.createObjectNode();
        body.put("name", name);
        body.put("kind", "single");
        body.put("policy", policy);
        body.put("sloMs", slo);
        body.set("inputs", source.path("inputs"));
        body.set("outputs", source.path("outputs"));
        body.set("classes", source.path("classes"));
        JsonHttp.Response r = http.post(config.registry().resolve("/v1/applications"), body);
        if (r.status() == 409) {
            JsonNode existing = read("/v1/applications/" + name, "application " + name);
            if (!"single".equals(existing.path("kind").asText())) {
                throw new SuiteException("application " + name + " exists as a " + existing.path("kind").asText() + " application; choose another --prefix");
            }
            for (JsonNode v : existing.path("variants")) {
                if (!v.path("name").asText().equals(model.variant()) || !v.path("artifactDigest").asText().equals(model.digest())) {
                    throw new SuiteException("application " + name + " already serves variant " + v.path("name").asText() + " (artifact "
                            + v.path("artifactDigest").asText() + "), not only " + model.variant() + " of " + source.path("name").asText()
                            + "; choose another --prefix");
                }
            }
            if (!policy.equals(existing.path("policy").asText()) || existing.path("sloMs").asDouble() != slo) {
                body.put("version", existing.path("version").asLong());
                expect(http.put(config.registry().resolve("/v1/applications/" + name), body), "updating application " + name);
            }
        } else {
            expect(r, "creating application " + name);
        }
        ObjectNode variant = JsonHttp.JSON.createObjectNode();
        variant.put("name", model.variant());
        variant.put("stage", 0);
        variant.put("artifactDigest", model.digest());
        // The source's declared specs, batching and input values, so the copy checks and runs requests as the source does.
        for (String field : List.of("inputs", "outputs")) {
            if (model.variantJson().path(field).size() > 0) variant.set(field, model.variantJson().path(field));
        }
        if (model.variantJson().path("maxBatchSize").isIntegralNumber()) variant.set("maxBatchSize", model.variantJson().path("maxBatchSize"));
        if (model.variantJson().path("inputValues").size() > 0) variant.set("inputValues", model.variantJson().path("inputValues"));
        JsonHttp.Response v = http.post(config.registry().resolve("/v1/applications/" + name + "/variants"), variant);
        if (v.status() != 409) expect(v, "creating variant " + name + "/" + model.variant());
        ObjectNode profile = model.profile().deepCopy();
        profile.remove(List.of("deviceKind", "executionProvider", "version"));
        expect(http.put(config.registry().resolve("/v1/applications/" + name + "/variants/" + model.variant() + "/profiles/"
                + Profiling.DEVICE_KIND + "/" + Profiling.PROVIDER), profile), "copying the profile to " + name);
    }

    /** Waits (up to 15 s: the gateway caches application definitions briefly) until it reports the model ready; goes on with a note otherwise. */
    private void awaitReady(String app) {
        URI ready = config.gateway().resolve("/v2/models/" + app + "/ready");
        long end = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        int status;
        do {
            status = http.get(ready).status();
            if (status == 200) return;
            ServiceProcess.sleep(250);
        } while (System.nanoTime() < end);
        out.println("note: GET " + ready + " still answers " + status + " after 15 s; measuring anyway");
    }

    record Images(String inputName, float[] examples, int[] dims, int count) {}

    /** The source application's validation images (its {@code validation} dataset), the first {@value #IMAGES}. */
    private Images images(JsonNode app) {
        JsonNode datasets = read("/v1/applications/" + app.path("name").asText() + "/datasets", "datasets of " + app.path("name").asText());
        JsonNode set = datasets.path("items").path(0);
        if (set.isMissingNode()) throw new SuiteException("application " + app.path("name").asText() + " has no validation dataset to send");
        JsonNode shape = set.path("inputSpec").path("shape");
        int[] dims = new int[shape.size() - 1];
        int size = 1;
        for (int i = 0; i < dims.length; i++) size *= dims[i] = shape.get(i + 1).asInt();
        int count = Math.min(IMAGES, set.path("sampleCount").asInt());
        byte[] bytes = http.getBytes(config.registry().resolve("/v1/artifacts/" + set.path("inputsDigest").asText() + "/content"));
        float[] examples = new float[count * size];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(examples);
        return new Images(set.path("inputSpec").path("name").asText(), examples, dims, count);
    }

    // ------------------------------------------------------------------------------------------ raw

    private void raw(Model model, Workload workload, double slo, int workers, int intraOpThreads, Requests requests, List<PointResult> points)
            throws Exception {
        out.printf(Locale.ROOT, "%nsaturation through the gateway (%s, closed loop, %d clients, %.0f s):%n", config.prefix() + "-wc",
                config.concurrency(), config.seconds());
        Measured measured = measured();
        ProcCpu proc = new ProcCpu(Path.of("/proc"));
        CpuPerRequest cpu = CpuPerRequest.start(proc, measured.services(), measured.workers(), measured.noWorkers());
        WakeupsPerRequest wakeups = WakeupsPerRequest.start(proc, new ThreadSwitches(Path.of("/proc")), measured.services(),
                measured.workers(), measured.noWorkers());
        ClosedLoop.Run closed = ClosedLoop.run(requests, config.concurrency(), config.seconds(), config.timeout().toMillis());
        PointResult sat = new PointResult(WORK_CONSERVING, Double.NaN, closed.seconds(), Double.POSITIVE_INFINITY, closed.outcomes(), 0);
        List<String> perRequest = new ArrayList<>(cpu.report(sat.served()));
        perRequest.addAll(wakeups.report(sat.served()));
        double served = sat.served() / closed.seconds();
        double batch = sat.meanBatch();
        int formed = Double.isNaN(batch) ? 1 : Math.max(1, (int) Math.round(batch));
        int b = !workload.batchable() ? 1 : config.batch() != null ? config.batch() : formed;
        out.printf(Locale.ROOT, "  %.0f answers/s, mean batch %s, p50 %.2f ms, p99 %.2f ms, refused %d, unanswered %d%n", served,
                Double.isNaN(batch) ? "n/a (not reported)" : String.format(Locale.ROOT, "%.2f", batch), sat.latencyPercentile(0.5),
                sat.latencyPercentile(0.99), sat.refused(), sat.unanswered());
        PointResult inSlo = new PointResult(WORK_CONSERVING, Double.NaN, closed.seconds(), slo, closed.outcomes(), 0);
        out.printf(Locale.ROOT, "  within the SLO (%.0f ms): %.0f answers/s; refusals, most frequent first:%n", slo, inSlo.goodput());
        mostFrequent(sat.refusals(), REFUSALS_SHOWN).forEach(line -> out.println("    " + line));
        perRequest.forEach(line -> out.println("  " + line));
        points.add(sat);

        byte[] onnx = http.getBytes(config.registry().resolve("/v1/artifacts/" + model.digest() + "/content"));
        out.printf(Locale.ROOT, "%nONNX Runtime alone (%s in this process, %d threads × %s, %.0f s per batch size):%n",
                model.variant(), workers, intraOpThreads == 0 ? "ONNX Runtime's choice of intra-op threads"
                        : intraOpThreads + " intra-op thread" + (intraOpThreads == 1 ? "" : "s"), Math.min(config.seconds(), 5));
        out.printf(Locale.ROOT, "  %6s %14s %9s %9s%n", "batch", "examples/s", "p50 ms", "p99 ms");
        RawOrt.Result same = null;
        List<List<GeneratedTensor>> samples = workload.samples();
        try {
            for (int size : b == 1 ? List.of(1) : List.of(1, b)) {
                RawOrt.Result r = RawOrt.measure(onnx, samples, size, workload.batchable(), workers, intraOpThreads, Math.min(config.seconds(), 5));
                out.printf(Locale.ROOT, "  %6d %14.0f %9.3f %9.3f%n", r.batch(), r.examplesPerSecond(), r.p50Ms(), r.p99Ms());
                if (size == b) same = r;
            }
        } catch (UnsupportedOperationException e) {
            out.println("  n/a: " + e.getMessage());
        } catch (ai.onnxruntime.OrtException e) {
            // Random values can miss what an input means (a sample rate, a branch flag): say so instead of failing the whole run.
            out.println("  n/a: ONNX Runtime could not run the inputs: " + io.baton.core.plan.InputException.oneLine(e.getMessage())
                    + (workload.isGenerated() ? " (give inputs the values they need with --input-values NAME=VALUE, or register them as the variant's inputValues)" : ""));
            same = null;
        }

        PointResult low = points.stream().filter(p -> p.policy().equals(WORK_CONSERVING) && !Double.isNaN(p.targetRate())).findFirst().orElseThrow();
        double added50 = low.addedPercentile(0.5), added99 = low.addedPercentile(0.99);
        if (workload.isGenerated()) {
            printRealisticTargets(b, served, same, low, added50, added99);
            return;
        }
        out.printf(Locale.ROOT, "%ntargets (a model of microseconds, as the demo zoo's):%n");
        printThroughput(b, served, same,
                ratio -> String.format(Locale.ROOT, "%.1f%% (target ≥ 50%%) %s", 100 * ratio, ratio >= 0.5 ? "met" : "NOT met"));
        printAddedLatency(low, "lowest load", added50, added99);
    }

    /** How many distinct refusals the saturation run lists. */
    static final int REFUSALS_SHOWN = 5;

    /** The {@code limit} most frequent refusals as "N × status reason", most frequent first, then how many others. */
    static List<String> mostFrequent(Map<String, Integer> refusals, int limit) {
        List<Map.Entry<String, Integer>> sorted = new ArrayList<>(refusals.entrySet());
        sorted.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < Math.min(limit, sorted.size()); i++) lines.add(sorted.get(i).getValue() + " × " + sorted.get(i).getKey());
        int others = sorted.stream().skip(limit).mapToInt(Map.Entry::getValue).sum();
        if (others > 0) lines.add(others + " × " + (sorted.size() - limit) + " other refusal(s)");
        return lines;
    }

    /**
     * The targets for a model of realistic cost, where the model, not HTTP, should bound throughput: at least 0.8×
     * ONNX Runtime alone at the same batch size (goal 0.95×), and the latency the serving path adds at the lowest
     * load (30% of the capacity unless --rates says otherwise).
     */
    private void printRealisticTargets(int b, double served, RawOrt.Result same, PointResult low, double added50, double added99) {
        out.printf(Locale.ROOT, "%ntargets (a model of realistic cost):%n");
        printThroughput(b, served, same, ratio -> String.format(Locale.ROOT, "%.3g× (target ≥ 0.8×, goal 0.95×) %s",
                ratio, ratio >= 0.95 ? "goal met" : ratio >= 0.8 ? "met" : "NOT met"));
        printAddedLatency(low, lowestLoad, added50, added99);
    }

    /**
     * Throughput through the gateway against ONNX Runtime alone at batch {@code b}, and, where the latter was measured,
     * their ratio as {@code againstTarget} states it.
     */
    private void printThroughput(int b, double served, RawOrt.Result same, DoubleFunction<String> againstTarget) {
        if (same == null) {
            out.printf(Locale.ROOT, "  throughput through the gateway / ONNX Runtime alone at batch %d: %.0f / n/a%n", b, served);
        } else {
            out.printf(Locale.ROOT, "  throughput through the gateway / ONNX Runtime alone at batch %d: %.0f / %.0f = %s%n",
                    b, served, same.examplesPerSecond(), againstTarget.apply(served / same.examplesPerSecond()));
        }
    }

    /** The latency the serving path adds at the lowest load, against its targets (p50 ≤ 2 ms, p99 ≤ 10 ms). */
    private void printAddedLatency(PointResult low, String load, double added50, double added99) {
        if (Double.isNaN(added50)) {
            out.println("  added latency: n/a (the gateway's responses report no execution time)");
        } else {
            out.printf(Locale.ROOT, "  added latency at %.0f req/s (work-conserving, %s): p50 %.2f ms (target ≤ 2) %s, p99 %.2f ms (target ≤ 10) %s%n",
                    low.targetRate(), load, added50, added50 <= 2 ? "met" : "NOT met", added99, added99 <= 10 ? "met" : "NOT met");
        }
    }

    // ------------------------------------------------------------------------------------------ printing

    private void printHeader() {
        out.printf(Locale.ROOT, "%n%-16s %8s %9s %10s %9s %9s %8s %8s %10s %9s %9s %10s%n", "policy", "rate/s", "offered/s", "goodput/s",
                "miss rate", "drop rate", "p50 ms", "p99 ms", "mean batch", "added p50", "added p99", "unanswered");
    }

    private void printRow(PointResult p) {
        out.printf(Locale.ROOT, "%-16s %8.1f %9.1f %10.1f %9.4f %9.4f %8s %8s %10s %9s %9s %10d%n", p.policy(), p.targetRate(), p.offered(),
                p.goodput(), p.missRate(), p.dropRate(), num(p.latencyPercentile(0.5)), num(p.latencyPercentile(0.99)), num(p.meanBatch()),
                num(p.addedPercentile(0.5)), num(p.addedPercentile(0.99)), p.unanswered());
        out.flush();
    }

    private void printFootnotes(List<PointResult> points, Map<PointResult, Long> compiledMs) {
        for (PointResult p : points) {
            if (p.lateP99Ms() > 5) {
                out.printf(Locale.ROOT, "note: %s at %.0f/s: the generator sent late (p99 %.1f ms behind schedule): this machine's CPU is the limit%n",
                        p.policy(), p.targetRate(), p.lateP99Ms());
            }
            long compiled = compiledMs.getOrDefault(p, 0L);
            if (compiled > GeneratorJit.NOTED_SHARE * p.seconds() * 1000) {
                out.printf(Locale.ROOT, "note: %s at %.0f/s: this load generator's JIT compiled for %d ms during the point, on the cores the suite uses%n",
                        p.policy(), p.targetRate(), compiled);
            }
            p.refusals().forEach((why, n) -> out.printf(Locale.ROOT, "  %s at %.0f/s: %d × %s%n", p.policy(), p.targetRate(), n, why));
        }
        out.println("goodput: answered 200 within the SLO, per second; miss rate: late / served; drop rate: refused / sent;"
                + " latency: round trip of the 200s; added: round trip − reported execution");
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.2f", v);
    }

    // ------------------------------------------------------------------------------------------ http

    private JsonNode read(String path, String what) {
        JsonHttp.Response r = http.get(config.registry().resolve(path));
        if (r.status() == 404 && what.startsWith("--")) throw new IllegalArgumentException(what);
        if (r.status() == 404) throw new SuiteException(what + " is not in the registry");
        if (r.status() != 200) throw new SuiteException("the registry answered " + r.status() + " reading " + path + ": " + r.reason());
        return r.json();
    }

    private static void expect(JsonHttp.Response r, String what) {
        if (!r.ok()) throw new SuiteException("the registry refused " + what + ": " + r.status() + " " + r.reason());
    }
}
