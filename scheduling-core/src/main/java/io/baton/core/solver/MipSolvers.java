package io.baton.core.solver;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * Chooses a {@link MipSolver} among the {@link MipSolverProvider}s on the class path.
 *
 * <p>{@link #defaultSolver()} prefers Gurobi when it is licensed here (closest to the commercial CPLEX the
 * Symphony paper used) and otherwise OR-Tools, which ships with Baton's solvers module, so every build that carries it
 * can solve models. {@link #byName(String)} lets configuration and the CLI pin a solver, e.g. to compare results.
 */
public final class MipSolvers {

    /** Names accepted by {@link #byName(String)}. */
    public static final List<String> NAMES = List.of("auto", "gurobi", "ortools", "ortools-scip", "ortools-cbc");

    private static final String NO_PROVIDER = "no MIP solver on the class path (the baton-solvers module provides them)";

    private MipSolvers() {}

    /** Gurobi when it is available, else OR-Tools (SCIP, then CBC, then CP-SAT). */
    public static MipSolver defaultSolver() {
        for (MipSolverProvider p : providers()) {
            if (p.unavailableReason().isEmpty()) return p.solver(p.names().get(0));
        }
        throw new IllegalStateException(NO_PROVIDER);
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
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        if (wanted.equals("auto") || wanted.equals("default")) return defaultSolver();
        for (MipSolverProvider p : providers()) {
            if (!p.names().contains(wanted)) continue;
            if (!p.unavailableReason().isEmpty()) {
                throw new IllegalStateException("solver '" + wanted + "' is not available: " + p.unavailableReason());
            }
            return p.solver(wanted);
        }
        if (NAMES.contains(wanted)) throw new IllegalStateException("solver '" + wanted + "' is not available: " + NO_PROVIDER);
        throw new IllegalArgumentException("unknown MIP solver '" + name + "'; expected one of " + NAMES);
    }

    /** The providers on the class path, most preferred first. */
    private static List<MipSolverProvider> providers() {
        return ServiceLoader.load(MipSolverProvider.class, MipSolvers.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparingInt(MipSolverProvider::preference).reversed())
                .toList();
    }
}
