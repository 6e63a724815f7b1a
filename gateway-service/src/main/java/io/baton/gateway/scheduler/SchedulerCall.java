package io.baton.gateway.scheduler;

import java.util.List;

import io.baton.commons.tensor.Tensor;

/**
 * One {@code POST /internal/v1/infer}: a request for one variant of an application.
 *
 * @param variant   null lets the scheduler choose (single-model applications only)
 * @param timeoutMs the time left to the request, counted from when the scheduler receives it
 * @param priority  Baton's convention: larger is more important, 0 the default
 * @param inputs    named as the variant names them
 * @param outputs   the variant's outputs to return, or null for all of them
 * @param stage     with no variant, the pipeline stage to run: the scheduler chooses its variant (IPA's live plan)
 * @param evidence  for a sneakpeek application: the request's k-NN label counts per class; null: none
 */
public record SchedulerCall(String application, String variant, double timeoutMs, int priority, List<Tensor> inputs,
                            List<String> outputs, Integer stage, double[] evidence) {

    public SchedulerCall(String application, String variant, double timeoutMs, int priority, List<Tensor> inputs,
                         List<String> outputs, Integer stage) {
        this(application, variant, timeoutMs, priority, inputs, outputs, stage, null);
    }

    public SchedulerCall(String application, String variant, double timeoutMs, int priority, List<Tensor> inputs,
                         List<String> outputs) {
        this(application, variant, timeoutMs, priority, inputs, outputs, null);
    }
}
