package io.baton.core.domain;

import java.util.List;

/**
 * An application: what clients call by name. A single-model application has one stage whose variants
 * are alternatives; an ensemble has one stage whose variants are the base models; a pipeline has one
 * stage per step.
 *
 * @param sloMs  end-to-end latency objective (the default deadline of a request)
 * @param policy the scheduling policy id ("symphony", "schemble", ...)
 * @param classes class labels of a classifier (empty otherwise)
 */
public record Application(String name, ApplicationKind kind, List<Stage> stages, double sloMs, String policy,
                          List<String> classes) {

    public Application {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("application name must be set");
        if (kind == null) throw new IllegalArgumentException("application " + name + " needs a kind");
        stages = List.copyOf(stages);
        if (stages.isEmpty()) throw new IllegalArgumentException("application " + name + " needs at least one stage");
        if (kind != ApplicationKind.PIPELINE && stages.size() != 1) {
            throw new IllegalArgumentException("application " + name + " of kind " + kind + " has exactly one stage");
        }
        if (!(sloMs > 0)) throw new IllegalArgumentException("application " + name + ": sloMs must be > 0");
        classes = classes == null ? List.of() : List.copyOf(classes);
    }

    /** The variants of a single-model application, or the base models of an ensemble. */
    public List<Variant> variants() {
        return stages.get(0).variants();
    }
}
