package io.baton.gateway.serving;

import java.util.ArrayList;
import java.util.List;

import io.baton.core.domain.ApplicationKind;
import io.baton.core.registry.LiveEngineKind;
import io.baton.core.registry.PolicyRegistry;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;

/**
 * Whether a request's inputs form a batch along dimension 0, and how many rows it may hold, from the {@code
 * maxBatchSize} of the variants that may run it.
 *
 * <p>A request runs through steps, each by one of its candidate variants: a single-model application one step whose
 * candidates are all its variants (the scheduler picks one); an ensemble one step per base model (every one runs
 * it); a pipeline one step per stage (the stage's first variant, or under {@code ipa} any of the stage's, chosen by
 * the scheduler); a version in the path is its step's only candidate. A step batches when one of its candidates
 * does, and holds as many rows as the largest of those batching candidates takes; the request is batched when any
 * step is, and may hold the fewest rows over its batching steps. A request only non-batching variants run
 * ({@code maxBatchSize} 0) is passed as sent.
 *
 * @param maxRows the most rows (dimension 0) a request may hold; null: no limit the registry states (the scheduler's
 *                profile caps its batches)
 */
public record BatchRule(boolean batched, Integer maxRows, String limitedBy) {

    /** Today's rule for an application that has no variant yet: batched, without a stated limit. */
    static final BatchRule UNLIMITED = new BatchRule(true, null, null);

    public static BatchRule of(ApplicationDefinition app, VariantDefinition version) {
        List<List<VariantDefinition>> steps = steps(app, version);
        if (steps.isEmpty()) {
            return UNLIMITED;
        }
        boolean batched = false;
        Integer maxRows = null;
        String limitedBy = null;
        for (List<VariantDefinition> step : steps) {
            boolean stepBatched = false;
            Integer stepRows = null;
            String stepBy = null;
            boolean unlimited = false;
            for (VariantDefinition v : step) {
                if (!v.batchable()) {
                    continue;
                }
                stepBatched = true;
                if (v.maxBatchSize() == null) {
                    unlimited = true;
                } else if (stepRows == null || v.maxBatchSize() > stepRows) {
                    stepRows = v.maxBatchSize();
                    stepBy = v.name();
                }
            }
            if (!stepBatched) {
                continue;
            }
            batched = true;
            if (!unlimited && (maxRows == null || stepRows < maxRows)) {
                maxRows = stepRows;
                limitedBy = stepBy;
            }
        }
        return new BatchRule(batched, batched ? maxRows : null, batched ? limitedBy : null);
    }

    private static List<List<VariantDefinition>> steps(ApplicationDefinition app, VariantDefinition version) {
        ApplicationKind kind = app.applicationKind();
        if (app.variants().isEmpty()) {
            return List.of();
        }
        if (kind != ApplicationKind.PIPELINE) {
            if (version != null) {
                return List.of(List.of(version));
            }
            return kind == ApplicationKind.ENSEMBLE ? app.variants().stream().map(List::of).toList()
                    : List.of(app.variants());
        }
        boolean planned = version == null && PolicyRegistry.liveKind(app.policy()) == LiveEngineKind.PIPELINE_STAGES;
        List<List<VariantDefinition>> steps = new ArrayList<>();
        for (List<VariantDefinition> stage : app.stages()) {
            if (planned) {
                steps.add(stage);
            } else {
                steps.add(List.of(version != null && stage.contains(version) ? version : stage.get(0)));
            }
        }
        return steps;
    }
}
