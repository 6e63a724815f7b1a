package io.baton.core.schemble;

/**
 * What an ensemble query carries through the dispatcher, as {@link io.baton.core.domain.Request#features}:
 * the recorded sample it stands for, the utility row U(bin(score), ·) the edge derived for it (indexed by
 * model mask), and per-model features for the DES and gating baselines (may be null).
 *
 * <p>{@code committed} is written by the dispatcher: the mask of base models the query will run on,
 * fixed before its first task starts and never changed after. The environment (simulator, or the
 * gateway aggregating live outputs) reads it to know when the query is complete: when a task of every
 * committed model has finished. This is how one {@link io.baton.core.domain.Request} fans out to several
 * base models without a change to the {@code Dispatcher}/{@code DispatchSink} seams: each task is a
 * {@link io.baton.core.domain.Batch} of that one request on a device hosting that base model.
 */
public final class EnsembleQuery {
    public final int sample;
    public final double score;
    public final double[] utility;
    public final double[] features;
    int committed;

    public EnsembleQuery(int sample, double score, double[] utility, double[] features) {
        this.sample = sample;
        this.score = score;
        this.utility = utility;
        this.features = features;
    }

    public int committed() {
        return committed;
    }

    public static EnsembleQuery of(io.baton.core.domain.Request r) {
        return (EnsembleQuery) r.features;
    }
}
