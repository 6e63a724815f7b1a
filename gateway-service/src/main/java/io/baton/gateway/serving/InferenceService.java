package io.baton.gateway.serving;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.commons.tensor.TensorSpec;
import io.baton.core.domain.ApplicationKind;
import io.baton.gateway.GatewayException;
import io.baton.gateway.registry.ApplicationCache;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;
import io.baton.gateway.scheduler.SchedulerClient;

/**
 * Serves one inference request: finds the application (and the version in the path), checks the inputs and the
 * outputs asked for against its specs, sets the deadline and the priority, and hands the request to the route of
 * its kind (single model, ensemble, pipeline).
 */
public class InferenceService {

    private final ApplicationCache applications;
    private final PriorityMapping priorities;
    private final SingleModelRoute single;
    private final EnsembleRoute ensemble;
    private final PipelineRoute pipeline;
    private final RequestLimits limits;
    private final SchedulerClient scheduler;

    public InferenceService(ApplicationCache applications, SchedulerClient scheduler, InferenceProperties properties,
                            DifficultyEnrichment difficulty, SneakPeekEvidence evidence, RequestLimits limits) {
        this.limits = limits;
        this.scheduler = scheduler;
        this.applications = applications;
        this.priorities = new PriorityMapping(properties.priorityDefaultLevel());
        this.single = new SingleModelRoute(scheduler, evidence);
        this.ensemble = new EnsembleRoute(scheduler, difficulty);
        this.pipeline = new PipelineRoute(scheduler);
    }

    /**
     * Whether a request for {@code app} (and {@code version}, null for the policy's choice) can be begun on a thread
     * that must not block: the application is known within the cache's TTL, one scheduler call serves it with nothing
     * to compute first ({@link #servesAtOnce}), and the call never waits for a slot. An unknown version is refused
     * at once, so it counts too.
     */
    public boolean beginsAtOnce(String app, String version) {
        Optional<ApplicationDefinition> def = applications.fresh(app);
        if (def.isEmpty() || scheduler.mayBlock()) return false;
        VariantDefinition v = version == null ? null : def.get().variant(version).orElse(null);
        return version != null && v == null || servesAtOnce(def.get(), v);
    }

    /** The application named in the path: a 404 when the registry does not know it. */
    public ApplicationDefinition application(String name) {
        return applications.require(name);
    }

    /** The variant named {@code version} of the application: a 404 naming the versions there are. */
    public static VariantDefinition version(ApplicationDefinition app, String version) {
        if (version == null) {
            return null;
        }
        return app.variant(version).orElseThrow(() -> GatewayException.notFound("model '" + app.name()
                + "' has no version '" + version + "' (its versions are " + app.variantNames() + ")"));
    }

    /**
     * @param timeoutUs      Triton's {@code timeout} parameter in microseconds; null or 0: the application's
     *                       {@code sloMs}
     * @param tritonPriority Triton's {@code priority} parameter; null or 0: the default
     * @param requested      outputs asked for by name; null for all
     */
    public Served infer(ApplicationDefinition app, VariantDefinition version, List<Tensor> inputs,
                        List<String> requested, Long timeoutUs, Long tritonPriority, long receivedNanos) {
        ServingContext ctx = context(app, version, inputs, requested, timeoutUs, tritonPriority, receivedNanos);
        if (oneSchedulerCall(app, version)) {
            return single.serve(ctx);
        }
        return app.applicationKind() == ApplicationKind.ENSEMBLE ? ensemble.serve(ctx) : pipeline.serve(ctx);
    }

    /**
     * The same, not waiting for the scheduler where the request is one call to it ({@link #oneSchedulerCall}): the
     * future completes where the scheduler's answer is read. An ensemble or a pipeline is served here, on the calling
     * thread, and the future comes back complete. Checks that fail before any call throw at once.
     */
    public CompletableFuture<Served> inferAsync(ApplicationDefinition app, VariantDefinition version,
                                                List<Tensor> inputs, List<String> requested, Long timeoutUs,
                                                Long tritonPriority, long receivedNanos) {
        if (!oneSchedulerCall(app, version)) {
            return CompletableFuture.completedFuture(infer(app, version, inputs, requested, timeoutUs, tritonPriority,
                    receivedNanos));
        }
        return single.serveAsync(context(app, version, inputs, requested, timeoutUs, tritonPriority, receivedNanos));
    }

    /**
     * Whether a request is served by one scheduler call, whose answer is the response: a single-model application,
     * or one base model of an ensemble asked for by name. Ensembles aggregate several calls, pipelines chain them.
     */
    public static boolean oneSchedulerCall(ApplicationDefinition app, VariantDefinition version) {
        ApplicationKind kind = app.applicationKind();
        return kind == ApplicationKind.SINGLE || version != null && kind == ApplicationKind.ENSEMBLE;
    }

    /**
     * Whether serving a request asks nothing of anyone but the scheduler and computes nothing of note before the
     * call: one scheduler call, and no SneakPeek evidence to find first (a k-NN search over the application's
     * index). Such a request can be begun on a thread that must not block.
     */
    public static boolean servesAtOnce(ApplicationDefinition app, VariantDefinition version) {
        return oneSchedulerCall(app, version) && (version != null || !SneakPeekEvidence.applies(app));
    }

    private ServingContext context(ApplicationDefinition app, VariantDefinition version, List<Tensor> inputs,
                                   List<String> requested, Long timeoutUs, Long tritonPriority, long receivedNanos) {
        limits.check(inputs, timeoutUs);
        ApplicationKind kind = app.applicationKind();
        List<Tensor> validated = InputValidator.validate(app.name(), inputs,
                app.clientInputs(inputSpecVariant(app, kind, version)), BatchRule.of(app, version));
        checkOutputs(app, outputSpecs(app, version), requested);
        double budgetMs = budgetMs(app, timeoutUs);
        int priority = tritonPriority == null ? 0 : priorities.toBaton(tritonPriority);
        return new ServingContext(app, version, validated, requested, Deadline.startingAt(receivedNanos, budgetMs),
                priority);
    }

    /** The request's deadline, from receipt: Triton's {@code timeout} (µs) when given and positive, else the SLO. */
    public static double budgetMs(ApplicationDefinition app, Long timeoutUs) {
        return timeoutUs != null && timeoutUs > 0 ? timeoutUs / 1000.0 : app.sloMs();
    }

    /** The outputs a client of the application (or of the path's version) receives, as declared. */
    public static List<TensorSpec> outputSpecs(ApplicationDefinition app, VariantDefinition version) {
        return app.clientOutputs(outputSpecVariant(app, app.applicationKind(), version));
    }

    /** Whose inputs a client sends when the application declares none: the path's variant, or stage 0's. */
    private static VariantDefinition inputSpecVariant(ApplicationDefinition app, ApplicationKind kind,
                                                      VariantDefinition version) {
        if (kind != ApplicationKind.PIPELINE || app.variants().isEmpty()) {
            return version;
        }
        List<VariantDefinition> first = app.stages().get(0);
        return version != null && first.contains(version) ? version : first.get(0);
    }

    /** Whose outputs a client receives when the application declares none: the path's variant, or the last stage's. */
    private static VariantDefinition outputSpecVariant(ApplicationDefinition app, ApplicationKind kind,
                                                       VariantDefinition version) {
        if (kind != ApplicationKind.PIPELINE || app.variants().isEmpty()) {
            return version;
        }
        List<List<VariantDefinition>> stages = app.stages();
        List<VariantDefinition> last = stages.get(stages.size() - 1);
        return version != null && last.contains(version) ? version : last.get(0);
    }

    private static void checkOutputs(ApplicationDefinition app, List<TensorSpec> outputs, List<String> requested) {
        if (requested == null || outputs.isEmpty()) {
            return;
        }
        for (String r : requested) {
            if (VariantNaming.indexOf(outputs, r) < 0) {
                throw new TensorException("output '" + r + "'", "is not an output of model '" + app.name()
                        + "' (its outputs are " + outputs.stream().map(TensorSpec::name).toList() + ")");
            }
        }
    }
}
