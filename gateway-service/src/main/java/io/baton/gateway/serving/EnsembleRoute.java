package io.baton.gateway.serving;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorSpec;
import io.baton.core.policy.Aggregator;
import io.baton.gateway.GatewayException;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;
import io.baton.gateway.scheduler.EnsembleAnswer;
import io.baton.gateway.scheduler.EnsembleCall;
import io.baton.gateway.scheduler.SchedulerAnswer;
import io.baton.gateway.scheduler.SchedulerCall;
import io.baton.gateway.scheduler.SchedulerClient;
import io.baton.gateway.trace.GatewayTrace;

/**
 * An ensemble: one scheduler call per base model, all at once and with the same deadline, then the outputs of those
 * that ran combined by {@link EnsembleAggregation}. For a {@code schemble} ensemble with a difficulty predictor, the
 * request is enriched first ({@link DifficultyEnrichment}): its predicted score ({@code difficulty}, one per example)
 * and the predictor's time ({@code difficulty_ms}) are answered as parameters, and that time is spent from the
 * deadline before the scheduler is given what is left. Base models that were dropped (or failed) are left out of the
 * combination and named in the {@code dropped} parameter; when none ran, the answer is the first one's drop (or,
 * with no drop among them, its failure).
 */
record EnsembleRoute(SchedulerClient scheduler, DifficultyEnrichment difficulty) {

    Served serve(ServingContext ctx) {
        ApplicationDefinition app = ctx.application();
        Aggregator aggregator = EnsembleAggregation.aggregatorFor(app);
        List<VariantDefinition> models = app.variants();
        if (models.isEmpty()) {
            throw new GatewayException(503, "no-variant", "ensemble '" + app.name() + "' has no base model yet");
        }
        List<TensorSpec> clientOutputs = app.clientOutputs(null);
        long enriching = System.nanoTime();
        Optional<DifficultyEnrichment.Result> enriched = difficulty.enrich(app, ctx.inputs());
        if (enriched.isPresent()) GatewayTrace.stampCurrent(GatewayTrace.ENRICHMENT, enriching);
        double timeoutMs = ctx.deadline().requireRemainingMs("before the scheduler was asked");
        if (difficulty.plannedBySchemble(app)) {
            return serveScheduled(ctx, app, aggregator, models, clientOutputs, enriched, timeoutMs);
        }
        List<CompletableFuture<SchedulerAnswer>> calls = new ArrayList<>(models.size());
        for (VariantDefinition m : models) {
            calls.add(scheduler.infer(new SchedulerCall(app.name(), m.name(), timeoutMs, ctx.priority(),
                    VariantNaming.inputsFor(m, ctx.inputs()),
                    VariantNaming.outputsFor(m, clientOutputs, ctx.requested()))));
        }
        List<List<Tensor>> outputs = new ArrayList<>(models.size());
        List<SchedulerAnswer> answers = new ArrayList<>(models.size());
        List<GatewayException> failures = new ArrayList<>(models.size());
        for (int i = 0; i < models.size(); i++) {
            try {
                SchedulerAnswer a = Futures.join(calls.get(i));
                outputs.add(VariantNaming.clientOutputs(models.get(i), clientOutputs, a.outputs(), ctx.requested()));
                answers.add(a);
                failures.add(null);
            } catch (GatewayException e) {
                outputs.add(null);
                answers.add(null);
                failures.add(e);
            }
        }
        if (answers.stream().allMatch(a -> a == null)) {
            throw failures.stream().filter(GatewayException::drop).findFirst().orElse(failures.get(0));
        }
        long aggregating = System.nanoTime();
        List<Tensor> combined = EnsembleAggregation.aggregate(aggregator, outputs,
                models.stream().map(VariantDefinition::name).toList());
        GatewayTrace.stampCurrent(GatewayTrace.AGGREGATION, aggregating);
        Map<String, Object> parameters = parameters(models, answers, failures);
        enriched.ifPresent(d -> {
            parameters.put("difficulty", d.scores().length == 1 ? (Object) d.scores()[0]
                    : Arrays.stream(d.scores()).mapToObj(String::valueOf).collect(Collectors.joining(",")));
            parameters.put("difficulty_ms", d.latencyMs());
        });
        return new Served(combined, null, parameters);
    }

    /**
     * Schemble live, so that the paper's query-level planning runs on real workers: one query-level call; the
     * scheduler's Schemble engine picks the base models that run it (by the query's difficulty bin, its deadline and
     * the models' queues) and this aggregates what ran, the others counted as missing outputs, as the paper's
     * aggregation of a subset does. The difficulty score sent is the request's hardest example's (a request with
     * several examples is one query).
     */
    private Served serveScheduled(ServingContext ctx, ApplicationDefinition app, Aggregator aggregator,
                                  List<VariantDefinition> models, List<TensorSpec> clientOutputs,
                                  Optional<DifficultyEnrichment.Result> enriched, double timeoutMs) {
        List<EnsembleCall.Member> members = new ArrayList<>(models.size());
        for (VariantDefinition m : models) {
            members.add(new EnsembleCall.Member(m.name(), VariantNaming.inputsFor(m, ctx.inputs()),
                    VariantNaming.outputsFor(m, clientOutputs, ctx.requested())));
        }
        Double score = enriched.map(d -> Arrays.stream(d.scores()).max().orElse(Double.NaN))
                .filter(d -> !d.isNaN()).orElse(null);
        EnsembleAnswer answer = Futures.join(scheduler.ensembleQuery(new EnsembleCall(app.name(), timeoutMs,
                ctx.priority(), score, members)));
        List<List<Tensor>> outputs = new ArrayList<>(models.size());
        List<SchedulerAnswer> answers = new ArrayList<>(models.size());
        List<GatewayException> failures = new ArrayList<>(models.size());
        for (VariantDefinition m : models) {
            EnsembleAnswer.Ran ran = answer.ran().stream().filter(r -> r.variant().equals(m.name())).findFirst().orElse(null);
            if (ran != null && ran.answer() != null) {
                outputs.add(VariantNaming.clientOutputs(m, clientOutputs, ran.answer().outputs(), ctx.requested()));
                answers.add(ran.answer());
                failures.add(null);
            } else {
                outputs.add(null);
                answers.add(null);
                failures.add(ran == null ? new GatewayException(503, "skipped", "left out by schemble")
                        : GatewayException.badGateway("worker-failed", ran.failure()));
            }
        }
        long aggregating = System.nanoTime();
        List<Tensor> combined = EnsembleAggregation.aggregate(aggregator, outputs,
                models.stream().map(VariantDefinition::name).toList());
        GatewayTrace.stampCurrent(GatewayTrace.AGGREGATION, aggregating);
        Map<String, Object> parameters = parameters(models, answers, failures);
        parameters.remove("dropped");
        parameters.put("skipped", String.join(",", answer.skipped()));
        StringJoiner failed = new StringJoiner(", ");
        for (int i = 0; i < models.size(); i++) {
            if (failures.get(i) != null && !"skipped".equals(failures.get(i).reason())) {
                failed.add(models.get(i).name() + " (" + failures.get(i).getMessage() + ")");
            }
        }
        if (failed.length() > 0) {
            parameters.put("failed", failed.toString());
        }
        parameters.put("difficulty_bin", answer.bin());
        parameters.put("planned_accuracy", answer.planned());
        enriched.ifPresent(d -> {
            parameters.put("difficulty", d.scores().length == 1 ? (Object) d.scores()[0]
                    : Arrays.stream(d.scores()).mapToObj(String::valueOf).collect(Collectors.joining(",")));
            parameters.put("difficulty_ms", d.latencyMs());
        });
        return new Served(combined, null, parameters);
    }

    private static Map<String, Object> parameters(List<VariantDefinition> models, List<SchedulerAnswer> answers,
                                                  List<GatewayException> failures) {
        StringJoiner variants = new StringJoiner(","), workers = new StringJoiner(","),
                batches = new StringJoiner(","), dropped = new StringJoiner(", ");
        double queueMs = 0, executionMs = 0, schedulerMs = 0;
        for (int i = 0; i < models.size(); i++) {
            SchedulerAnswer a = answers.get(i);
            if (a == null) {
                dropped.add(models.get(i).name() + " (" + failures.get(i).reason() + ")");
                continue;
            }
            variants.add(models.get(i).name());
            workers.add(String.valueOf(a.workerId()));
            batches.add(String.valueOf(a.batchSize()));
            // The base models run side by side: the slowest one is the request's critical path.
            queueMs = Math.max(queueMs, a.queueMs());
            executionMs = Math.max(executionMs, a.executionMs());
            schedulerMs = Math.max(schedulerMs, a.totalMs());
        }
        Map<String, Object> p = Served.servedBy(variants.toString(), workers.toString(), batches.toString(), queueMs,
                executionMs, schedulerMs);
        if (dropped.length() > 0) {
            p.put("dropped", dropped.toString());
        }
        return p;
    }
}
