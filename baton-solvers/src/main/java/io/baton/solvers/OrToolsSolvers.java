package io.baton.solvers;

import io.baton.core.solver.MipSolver;
import io.baton.core.solver.MipSolverProvider;
import java.util.List;

/**
 * OR-Tools' solvers for {@link io.baton.core.solver.MipSolvers}: "ortools" (the first available of SCIP, CBC, CP-SAT),
 * "ortools-scip" and "ortools-cbc" (one backend only). Always offered: OR-Tools ships with this module, and a backend
 * that cannot load reports itself as an {@code ERROR} solution rather than being skipped.
 */
public final class OrToolsSolvers implements MipSolverProvider {

    @Override
    public List<String> names() {
        return List.of("ortools", "ortools-scip", "ortools-cbc");
    }

    @Override
    public int preference() {
        return 0;
    }

    @Override
    public String unavailableReason() {
        return "";
    }

    @Override
    public MipSolver solver(String name) {
        return switch (name) {
            case "ortools" -> new OrToolsMipSolver();
            case "ortools-scip" -> new OrToolsMipSolver(List.of("SCIP"));
            case "ortools-cbc" -> new OrToolsMipSolver(List.of("CBC"));
            default -> throw new IllegalArgumentException("not an OR-Tools solver: " + name);
        };
    }
}
