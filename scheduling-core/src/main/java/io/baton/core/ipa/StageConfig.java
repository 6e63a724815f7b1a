package io.baton.core.ipa;

/**
 * The configuration of one stage (the solver's output per stage): the active variant I_{s,m}, the batch size b_s
 * and the replica count n_s; each replica gets the variant's base allocation R_m cores.
 */
public record StageConfig(String stage, int variantIndex, String variant, int batch, int replicas, int coresPerReplica) {

    /** n_s·R_s, the stage's share of the cost. */
    public int cores() {
        return replicas * coresPerReplica;
    }
}
