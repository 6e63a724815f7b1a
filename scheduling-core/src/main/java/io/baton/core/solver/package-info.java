/**
 * The {@link io.baton.core.solver.MipSolver} seam: a small solver-independent MILP model
 * ({@link io.baton.core.solver.MipModel}) and the solvers behind it.
 *
 * <p>Symphony (Appendix A) solves its epoch partitioning MILP with CPLEX under a 10 s limit and keeps the best
 * solution found; IPA formulates its pipeline configuration as an integer program. Neither paper depends on a
 * particular solver, so policies build a {@code MipModel} and call whatever {@code MipSolver}
 * {@link io.baton.core.solver.MipSolvers} picks: Gurobi through reflection when licensed
 * ({@link io.baton.core.solver.GurobiMipSolver}), otherwise OR-Tools' SCIP backend
 * ({@link io.baton.core.solver.OrToolsMipSolver}), which ships with Baton.
 */
package io.baton.core.solver;
