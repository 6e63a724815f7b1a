package io.baton.core.ipa;

import io.baton.core.util.Checks;
import java.util.List;

/**
 * A linear inference pipeline P: stages in order, the first takes the request and the last answers it
 * (IPA §4.1; no fan-out). Every stage sees the full pipeline arrival rate λ_P.
 */
public record Pipeline(String name, List<PipelineStage> stages) {

    public Pipeline {
        Checks.named(name, "pipeline");
        stages = Checks.nonEmptyCopy(stages, "pipeline " + name, "stage");
    }

    /** SLA_P = Σ_s SLA_s in ms (§4.2). */
    public double slaMs() {
        double sum = 0;
        for (PipelineStage s : stages) sum += s.slaMs();
        return sum;
    }

    public int size() {
        return stages.size();
    }

    public PipelineStage stage(int s) {
        return stages.get(s);
    }
}
