package io.baton.gateway.serving;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorSpec;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;
import io.baton.gateway.scheduler.SchedulerAnswer;
import io.baton.gateway.scheduler.SchedulerCall;
import io.baton.gateway.scheduler.SchedulerClient;
import io.baton.gateway.trace.GatewayTrace;

/**
 * One scheduler call: a single-model application (the variant in the path, or the scheduler's choice), or one base
 * model of an ensemble named in the path.
 */
record SingleModelRoute(SchedulerClient scheduler, SneakPeekEvidence evidence) {

    Served serve(ServingContext ctx) {
        return Futures.join(serveAsync(ctx));
    }

    /**
     * The same, not waiting for the scheduler: what follows its answer (naming the outputs, the parameters) runs where
     * the answer is read. Checks that fail before the call throw at once.
     */
    CompletableFuture<Served> serveAsync(ServingContext ctx) {
        ApplicationDefinition app = ctx.application();
        // Without a version the scheduler picks the variant; its names are known in advance only when all agree.
        VariantDefinition naming = ctx.version() != null ? ctx.version() : uniformVariant(app);
        List<TensorSpec> clientOutputs = app.clientOutputs(ctx.version());
        // SneakPeek: the k-NN evidence is found before the deadline's remainder is read, so its time counts.
        long enriching = System.nanoTime();
        Optional<SneakPeekEvidence.Result> peek = ctx.version() == null ? evidence.evidence(app, ctx.inputs()) : Optional.empty();
        if (peek.isPresent()) GatewayTrace.stampCurrent(GatewayTrace.ENRICHMENT, enriching);
        double timeoutMs = ctx.deadline().requireRemainingMs("before the scheduler was asked");
        SchedulerCall call = new SchedulerCall(app.name(), ctx.version() == null ? null : ctx.version().name(),
                timeoutMs, ctx.priority(), VariantNaming.inputsFor(naming, ctx.inputs()),
                naming == null ? null : VariantNaming.outputsFor(naming, clientOutputs, ctx.requested()), null,
                peek.map(SneakPeekEvidence.Result::counts).orElse(null));
        return scheduler.infer(call).thenApply(answer -> served(app, ctx, naming, clientOutputs, peek, answer));
    }

    private static Served served(ApplicationDefinition app, ServingContext ctx, VariantDefinition naming,
                                 List<TensorSpec> clientOutputs, Optional<SneakPeekEvidence.Result> peek,
                                 SchedulerAnswer answer) {
        VariantDefinition served = answer.variant() == null ? naming : app.variant(answer.variant()).orElse(naming);
        List<Tensor> outputs = VariantNaming.clientOutputs(served, clientOutputs, answer.outputs(), ctx.requested());
        Map<String, Object> parameters = Served.servedBy(answer.variant(), answer.workerId(), answer.batchSize(),
                answer.queueMs(), answer.executionMs(), answer.totalMs());
        peek.ifPresent(p -> {
            StringBuilder counts = new StringBuilder();
            for (double c : p.counts()) counts.append(counts.length() == 0 ? "" : ",").append((long) c);
            parameters.put("evidence", counts.toString());
            parameters.put("evidence_ms", p.latencyMs());
        });
        String version = ctx.version() != null ? ctx.version().name() : answer.variant();
        return new Served(outputs, version, parameters);
    }

    /** The first variant, when every variant names its inputs and outputs alike; otherwise null. */
    private static VariantDefinition uniformVariant(ApplicationDefinition app) {
        if (app.variants().isEmpty()) {
            return null;
        }
        VariantDefinition first = app.variants().get(0);
        List<String> in = names(first.inputs());
        List<String> out = names(first.outputs());
        boolean alike = app.variants().stream().allMatch(v -> names(v.inputs()).equals(in)
                && names(v.outputs()).equals(out));
        return alike ? first : null;
    }

    private static List<String> names(List<TensorSpec> specs) {
        return specs.stream().map(TensorSpec::name).toList();
    }
}
