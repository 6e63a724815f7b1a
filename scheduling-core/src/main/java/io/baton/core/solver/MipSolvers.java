package io.baton.core.solver;

import java.util.List;
import java.util.Locale;

/**
 * Chooses a {@link MipSolver}.
 *
 * <p>{@link #defaultSolver()} prefers Gurobi when it is licensed here (closest to the commercial CPLEX the
 * Symphony paper used) and otherwise OR-Tools, which ships with Baton, so every build can solve models.
 * {@link #byName(String)} lets configuration and the CLI pin a solver, e.g. to compare results.
 */
public final class MipSolvers {

    /** Names accepted by {@link #byName(String)}. */
    public static final List<String> NAMES = List.of("auto", "gurobi", "ortools", "ortools-scip", "ortools-cbc");

    private MipSolvers() {}

    /** Gurobi when {@link GurobiMipSolver#available()}, else OR-Tools (SCIP, then CBC, then CP-SAT). */
    public static MipSolver defaultSolver() {
        return GurobiMipSolver.available() ? new GurobiMipSolver() : new OrToolsMipSolver();
    }

    /**
     * A solver by (case-insensitive) name: "auto"/"default" → {@link #defaultSolver()}; "gurobi"; "ortools"
     * (first available OR-Tools backend); "ortools-scip" and "ortools-cbc" (one backend only).
     *
     * @throws IllegalArgumentException for an unknown name (the message lists the valid ones)
     * @throws IllegalStateException    when "gurobi" is asked for but is not usable here (the message says why),
     *                                  since silently solving with something else would mislead a comparison
     */
    public static MipSolver byName(String name) {
        if (name == null) throw new IllegalArgumentException("solver name must not be null; use one of " + NAMES);
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "auto", "default" -> defaultSolver();
            case "gurobi" -> {
                if (!GurobiMipSolver.available()) {
                    throw new IllegalStateException("solver 'gurobi' is not available: "
                            + GurobiMipSolver.unavailableReason());
                }
                yield new GurobiMipSolver();
            }
            case "ortools" -> new OrToolsMipSolver();
            case "ortools-scip" -> new OrToolsMipSolver(List.of("SCIP"));
            case "ortools-cbc" -> new OrToolsMipSolver(List.of("CBC"));
            default -> throw new IllegalArgumentException("unknown MIP solver '" + name + "'; expected one of "
                    + NAMES);
        };
    }
}
