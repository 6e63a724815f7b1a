/**
 * The solvers behind scheduling-core's {@link io.baton.core.solver.MipSolver} seam: OR-Tools' SCIP, CBC and CP-SAT
 * backends ({@link io.baton.solvers.OrToolsMipSolver}) and Gurobi through reflection when it is licensed
 * ({@link io.baton.solvers.GurobiMipSolver}). {@link io.baton.solvers.OrToolsSolvers} and
 * {@link io.baton.solvers.GurobiSolvers} register them with {@code java.util.ServiceLoader}, so
 * {@link io.baton.core.solver.MipSolvers} finds them wherever this module is on the class path. A module of its own
 * because OR-Tools carries native code for five platforms (about 110 MB): only the scheduler and the CLI depend on it.
 */
package io.baton.solvers;
