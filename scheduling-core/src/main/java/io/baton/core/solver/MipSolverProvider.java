package io.baton.core.solver;

import java.util.List;

/**
 * One family of {@link MipSolver}s that {@link MipSolvers} finds on the class path with {@link java.util.ServiceLoader}.
 * The solvers themselves (OR-Tools, whose native code is about 110 MB, and Gurobi) live in the baton-solvers module, so
 * only what depends on it (the scheduler and the CLI) carries them; scheduling-core keeps the model and this seam.
 */
public interface MipSolverProvider {

    /** The lower-case names {@link MipSolvers#byName} accepts for this family; the first is its default solver. */
    List<String> names();

    /** Ranks families for {@link MipSolvers#defaultSolver()}: the available family with the highest value wins. */
    int preference();

    /** Why this family cannot solve here (its classes, native library or licence are missing); "" when it can. */
    String unavailableReason();

    /** A solver of this family by one of its {@link #names()}. */
    MipSolver solver(String name);
}
