package io.baton.core.sneakpeek;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One application as SneakPeek's scheduler sees it (paper §2.2, §3.2): its model set M_a, its penalty γ_a, its
 * Dirichlet prior and the profiled accuracy of its SneakPeek model (the k-NN), which is the accuracy of the
 * short-circuit candidate (§5.3.1; never data-aware, to avoid compounding errors). NaN when the application
 * has no SneakPeek model to short-circuit with.
 */
public record AppProfile(String name, Penalty penalty, DirichletPrior prior, List<ModelVariant> models,
                         double sneakPeekAccuracy) {

    public AppProfile {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("an application needs a name");
        if (penalty == null || prior == null) throw new IllegalArgumentException(name + ": penalty and prior are required");
        if (models == null || models.isEmpty()) throw new IllegalArgumentException(name + ": needs at least one model");
        models = List.copyOf(models);
        Set<String> names = new HashSet<>();
        for (ModelVariant m : models) {
            if (m.classes() != prior.classes()) {
                throw new IllegalArgumentException(name + ": model " + m.name() + " has " + m.classes() + " classes, the prior " + prior.classes());
            }
            if (!names.add(m.name())) throw new IllegalArgumentException(name + ": duplicate model " + m.name());
        }
        if (!Double.isNaN(sneakPeekAccuracy) && !(sneakPeekAccuracy >= 0 && sneakPeekAccuracy <= 1)) {
            throw new IllegalArgumentException(name + ": sneakPeekAccuracy must be in [0, 1], got " + sneakPeekAccuracy);
        }
    }

    public int classes() {
        return prior.classes();
    }

    public boolean canShortCircuit() {
        return !Double.isNaN(sneakPeekAccuracy);
    }

    /** The same application with a different prior (the §6.3.3 sweep). */
    public AppProfile withPrior(DirichletPrior p) {
        return new AppProfile(name, penalty, p, models, sneakPeekAccuracy);
    }

    public AppProfile withPenalty(Penalty p) {
        return new AppProfile(name, p, prior, models, sneakPeekAccuracy);
    }

    public AppProfile withSneakPeekAccuracy(double a) {
        return new AppProfile(name, penalty, prior, models, a);
    }

    public AppProfile renamed(String newName) {
        return new AppProfile(newName, penalty, prior, models.stream().map(m -> new ModelVariant(newName + "/" + m.name(),
                m.latency(), m.loadMs(), m.memoryMb(), m.recall(), m.profiledAccuracy(), m.maxBatch())).toList(),
                sneakPeekAccuracy);
    }
}
