package io.baton.solvers;

import io.baton.core.solver.MipSolver;
import io.baton.core.solver.MipSolverProvider;
import java.util.List;

/**
 * Gurobi for {@link io.baton.core.solver.MipSolvers}, preferred over OR-Tools when it is licensed here: a commercial
 * solver is the closest stand-in for the CPLEX the Symphony paper used.
 */
public final class GurobiSolvers implements MipSolverProvider {

    @Override
    public List<String> names() {
        return List.of("gurobi");
    }

    @Override
    public int preference() {
        return 1;
    }

    @Override
    public String unavailableReason() {
        return GurobiMipSolver.unavailableReason();
    }

    @Override
    public MipSolver solver(String name) {
        if (!name.equals("gurobi")) throw new IllegalArgumentException("not a Gurobi solver: " + name);
        return new GurobiMipSolver();
    }
}
