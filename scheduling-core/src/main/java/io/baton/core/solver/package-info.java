/**
 * The {@link io.baton.core.solver.MipSolver} seam: a small solver-independent MILP model
 * ({@link io.baton.core.solver.MipModel}), its outcome ({@link io.baton.core.solver.MipSolution}) and the choice of a
 * solver ({@link io.baton.core.solver.MipSolvers}).
 *
 * <p>Symphony (Appendix A) solves its epoch partitioning MILP with CPLEX under a 10 s limit and keeps the best
 * solution found; IPA formulates its pipeline configuration as an integer program. Neither paper depends on a
 * particular solver, so policies build a {@code MipModel} and call whatever {@code MipSolver}
 * {@link io.baton.core.solver.MipSolvers} picks among the {@link io.baton.core.solver.MipSolverProvider}s on the class
 * path: Gurobi through reflection when licensed, otherwise OR-Tools' SCIP backend. Both live in the baton-solvers
 * module ({@code io.baton.solvers}), so this package and every service that never solves a MIP carry no native code.
 */
package io.baton.core.solver;
