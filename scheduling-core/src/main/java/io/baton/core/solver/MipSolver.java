package io.baton.core.solver;

import java.time.Duration;

/**
 * The seam between policies that need an integer program solved and the solver that solves it.
 *
 * <p>Symphony's epoch partitioner (Appendix A of the Symphony paper: a MILP the authors solve with CPLEX under
 * a 10 s limit, keeping the best solution found) uses it now; IPA's integer program will use it later.
 * Implementations live in the baton-solvers module: {@code io.baton.solvers.OrToolsMipSolver} (SCIP backend) and
 * {@code io.baton.solvers.GurobiMipSolver} (reflection only, used when a licence is present). Pick one with
 * {@link MipSolvers}.
 *
 * <p>Contract shared by every implementation:
 * <ul>
 *   <li>{@code solve} never throws for a well-formed model: solver failures, a missing licence or a native
 *       library problem are reported as {@link MipSolution.Status#ERROR} with a {@code detail}.</li>
 *   <li>The time limit is passed to the solver as its own limit; when it expires the best incumbent is
 *       returned as {@link MipSolution.Status#FEASIBLE}, or {@link MipSolution.Status#NOT_SOLVED} when none was
 *       found. Model construction and result extraction are outside the solver's limit, so the wall time can
 *       exceed it slightly.</li>
 *   <li>{@link MipSolution.Status#OPTIMAL} means proven optimal to the solver's default tolerances with a
 *       relative MIP gap of zero (implementations set the gap to 0 so "optimal" is not "within 0.01%").</li>
 *   <li>Implementations are safe to call from several threads; each call builds its own solver instance.</li>
 * </ul>
 */
public interface MipSolver {

    /**
     * Solves the model within the time limit.
     *
     * @param model     the model (not modified)
     * @param timeLimit positive wall-clock limit for the solver's search
     * @return the outcome; values are present only when {@link MipSolution#hasSolution()}
     */
    MipSolution solve(MipModel model, Duration timeLimit);

    /** Short, stable name of this solver ("ortools-SCIP", "gurobi"), also recorded in every solution. */
    String name();
}
