package io.baton.gateway.serving;

import io.baton.core.registry.LiveEngineKind;
import io.baton.core.registry.PolicyRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorSpec;
import io.baton.gateway.GatewayException;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;
import io.baton.gateway.scheduler.SchedulerAnswer;
import io.baton.gateway.scheduler.SchedulerCall;
import io.baton.gateway.scheduler.SchedulerClient;

/**
 * A pipeline: one scheduler call per stage, in stage order. Stage 0 gets the client's inputs; each later stage gets
 * the previous stage's outputs mapped by position onto its inputs (named as its variant names them), and only what
 * is left of the deadline. The variant of each stage is the one named in the path when it belongs to that stage;
 * otherwise, for a pipeline whose policy is {@code ipa}, the scheduler's choice (IPA's live plan: the call names the
 * stage, not a variant, and the answer says which variant ran), else the stage's first variant.
 */
record PipelineRoute(SchedulerClient scheduler) {

    Served serve(ServingContext ctx) {
        ApplicationDefinition app = ctx.application();
        List<List<VariantDefinition>> stages = app.stages();
        if (stages.isEmpty()) {
            throw new GatewayException(503, "no-variant", "pipeline '" + app.name() + "' has no stage yet");
        }
        if (ctx.version() == null && PolicyRegistry.liveKind(app.policy()) == LiveEngineKind.PIPELINE_STAGES) {
            return servePlanned(ctx, stages);
        }
        List<VariantDefinition> chosen = new ArrayList<>(stages.size());
        for (List<VariantDefinition> stage : stages) {
            chosen.add(ctx.version() != null && stage.contains(ctx.version()) ? ctx.version() : stage.get(0));
        }
        List<Tensor> carried = ctx.inputs();
        List<SchedulerAnswer> answers = new ArrayList<>(stages.size());
        List<Tensor> outputs = null;
        for (int s = 0; s < chosen.size(); s++) {
            VariantDefinition v = chosen.get(s);
            boolean last = s == chosen.size() - 1;
            String where = " at pipeline stage " + s + " (" + v.name() + ")";
            double left = ctx.deadline().requireRemainingMs("before pipeline stage " + s + " (" + v.name() + ")");
            List<Tensor> inputs = s == 0 ? VariantNaming.inputsFor(v, carried) : feed(carried, v, chosen.get(s - 1), s);
            List<TensorSpec> clientOutputs = app.clientOutputs(v);
            List<String> wanted = last ? VariantNaming.outputsFor(v, clientOutputs, ctx.requested())
                    : carriedOutputs(v, chosen.get(s + 1));
            SchedulerAnswer answer;
            try {
                answer = Futures.join(scheduler.infer(new SchedulerCall(app.name(), v.name(), left, ctx.priority(),
                        inputs, wanted)));
            } catch (GatewayException e) {
                throw e.withSuffix(where);
            }
            answers.add(answer);
            if (last) {
                outputs = VariantNaming.clientOutputs(v, clientOutputs, answer.outputs(), ctx.requested());
            } else {
                carried = wanted == null ? answer.outputs()
                        : VariantNaming.clientOutputs(null, List.of(), answer.outputs(), wanted);
            }
        }
        return new Served(outputs, ctx.version() == null ? null : ctx.version().name(), parameters(chosen, answers));
    }

    /**
     * Stage by stage with the scheduler choosing each stage's variant. Inputs travel as the previous stage named its
     * outputs (the first k, k the inputs of the stage's variants) and the scheduler maps them by position.
     */
    private Served servePlanned(ServingContext ctx, List<List<VariantDefinition>> stages) {
        ApplicationDefinition app = ctx.application();
        List<Tensor> carried = ctx.inputs();
        List<VariantDefinition> ran = new ArrayList<>(stages.size());
        List<SchedulerAnswer> answers = new ArrayList<>(stages.size());
        for (int s = 0; s < stages.size(); s++) {
            String where = " at pipeline stage " + s;
            double left = ctx.deadline().requireRemainingMs("before pipeline stage " + s);
            int k = stages.get(s).get(0).inputs().size();
            List<Tensor> inputs = s == 0 || k == 0 || carried.size() <= k ? carried : carried.subList(0, k);
            SchedulerAnswer answer;
            try {
                answer = Futures.join(scheduler.infer(new SchedulerCall(app.name(), null, left, ctx.priority(), inputs,
                        null, s)));
            } catch (GatewayException e) {
                throw e.withSuffix(where);
            }
            VariantDefinition v = stages.get(s).stream().filter(d -> d.name().equals(answer.variant())).findFirst()
                    .orElseThrow(() -> GatewayException.badGateway("pipeline-mismatch", "the scheduler ran variant '"
                            + answer.variant() + "', which stage of pipeline '" + app.name() + "' does not list"));
            ran.add(v);
            answers.add(answer);
            carried = answer.outputs();
        }
        VariantDefinition last = ran.get(ran.size() - 1);
        List<Tensor> outputs = VariantNaming.clientOutputs(last, app.clientOutputs(last), carried, ctx.requested());
        return new Served(outputs, null, parameters(ran, answers));
    }

    /** The outputs of {@code v} the next stage takes: its first k declared outputs (all when it declares none). */
    private static List<String> carriedOutputs(VariantDefinition v, VariantDefinition next) {
        int k = next.inputs().size();
        if (v.outputs().isEmpty() || k == 0 || k > v.outputs().size()) {
            return null;
        }
        return v.outputs().subList(0, k).stream().map(TensorSpec::name).toList();
    }

    /** The previous stage's outputs, by position, renamed to {@code next}'s inputs. */
    private static List<Tensor> feed(List<Tensor> previous, VariantDefinition next, VariantDefinition from, int stage) {
        int k = next.inputs().size();
        if (k == 0) {
            return previous;
        }
        if (previous.size() < k) {
            throw GatewayException.badGateway("pipeline-mismatch", "pipeline stage " + (stage - 1) + " ("
                    + from.name() + ") gave " + previous.size() + " outputs but stage " + stage + " (" + next.name()
                    + ") takes " + k + " inputs");
        }
        List<Tensor> fed = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            fed.add(previous.get(i).renamed(next.inputs().get(i).name()));
        }
        return fed;
    }

    private static Map<String, Object> parameters(List<VariantDefinition> chosen, List<SchedulerAnswer> answers) {
        StringJoiner variants = new StringJoiner(","), workers = new StringJoiner(","), batches = new StringJoiner(",");
        double queueMs = 0, executionMs = 0, schedulerMs = 0;
        for (int s = 0; s < answers.size(); s++) {
            SchedulerAnswer a = answers.get(s);
            variants.add(chosen.get(s).name());
            workers.add(String.valueOf(a.workerId()));
            batches.add(String.valueOf(a.batchSize()));
            // Stages run one after another: their times add up.
            queueMs += a.queueMs();
            executionMs += a.executionMs();
            schedulerMs += a.totalMs();
        }
        Map<String, Object> p = Served.servedBy(variants.toString(), workers.toString(), batches.toString(), queueMs,
                executionMs, schedulerMs);
        return p;
    }
}
