package io.baton.gateway.serving;

import java.util.List;

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

    public InferenceService(ApplicationCache applications, SchedulerClient scheduler, InferenceProperties properties,
                            DifficultyEnrichment difficulty, SneakPeekEvidence evidence, RequestLimits limits) {
        this.limits = limits;
        this.applications = applications;
        this.priorities = new PriorityMapping(properties.priorityDefaultLevel());
        this.single = new SingleModelRoute(scheduler, evidence);
        this.ensemble = new EnsembleRoute(scheduler, difficulty);
        this.pipeline = new PipelineRoute(scheduler);
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
        limits.check(inputs, timeoutUs);
        ApplicationKind kind = app.applicationKind();
        List<Tensor> validated = InputValidator.validate(app.name(), inputs,
                app.clientInputs(inputSpecVariant(app, kind, version)), BatchRule.of(app, version));
        checkOutputs(app, outputSpecs(app, version), requested);
        double budgetMs = budgetMs(app, timeoutUs);
        int priority = tritonPriority == null ? 0 : priorities.toBaton(tritonPriority);
        ServingContext ctx = new ServingContext(app, version, validated, requested,
                Deadline.startingAt(receivedNanos, budgetMs), priority);
        if (version != null && kind == ApplicationKind.ENSEMBLE) {
            return single.serve(ctx); // one base model, asked for by name: no aggregation
        }
        return switch (kind) {
            case SINGLE -> single.serve(ctx);
            case ENSEMBLE -> ensemble.serve(ctx);
            case PIPELINE -> pipeline.serve(ctx);
        };
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
