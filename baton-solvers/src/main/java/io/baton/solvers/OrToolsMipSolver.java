package io.baton.solvers;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPSolverParameters;
import com.google.ortools.linearsolver.MPVariable;

import io.baton.core.solver.MipModel;
import io.baton.core.solver.MipSolution;
import io.baton.core.solver.MipSolver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link MipSolver} on Google OR-Tools' {@code MPSolver} wrapper.
 *
 * <p>Backend: the first of {@link #DEFAULT_BACKENDS} ({@code SCIP}, then {@code CBC}, then {@code CP-SAT}) for
 * which {@code MPSolver.createSolver(id)} returns a solver. In the OR-Tools 9.15 Maven build
 * ({@code ortools-java} + {@code ortools-linux-x86-64}) {@code createSolver("SCIP")} returns SCIP 10 with
 * SoPlex, so SCIP is what runs; CBC is also bundled. SCIP is preferred because it is the strongest MIP solver
 * in the bundle and is the closest available stand-in for the paper's CPLEX. CP-SAT is the last resort: it
 * accepts only integer variables and scales real coefficients, so models with continuous variables may be
 * rejected (reported as {@link MipSolution.Status#ERROR}).
 *
 * <p>Choices the paper leaves open:
 * <ul>
 *   <li>The relative MIP gap is set to 0 (OR-Tools' default is 1e-4), so {@code OPTIMAL} means optimal to the
 *       solver's feasibility tolerances rather than "within 0.01%". Small models still solve instantly; large
 *       ones are bounded by the time limit anyway.</li>
 *   <li>The time limit is handed to the backend ({@code MPSolver.setTimeLimit}); at the limit OR-Tools reports
 *       FEASIBLE with the best incumbent, which is returned as is (the paper's "best solution found so far").</li>
 *   <li>A model hint, when present, is passed with {@code MPSolver.setHint}; SCIP uses it as a starting
 *       solution (CBC ignores it).</li>
 *   <li>Native libraries are loaded once per JVM, lazily, on first use.</li>
 * </ul>
 */
public final class OrToolsMipSolver implements MipSolver {

    /** Backends tried in order. */
    public static final List<String> DEFAULT_BACKENDS = List.of("SCIP", "CBC", "CP-SAT");

    private static volatile Throwable loadFailure;
    private static volatile boolean loaded;

    private final List<String> preferredBackends;
    private final String backend; // null when none is available
    /** The backend's version as OR-Tools reports it (e.g. "SCIP 10.0.0 [LP solver: SoPlex 8.0.0]"); empty when none. */
    private final String backendVersion;

    /** Uses the first available of SCIP, CBC, CP-SAT. */
    public OrToolsMipSolver() {
        this(DEFAULT_BACKENDS);
    }

    /**
     * Uses the first available backend of the given OR-Tools solver ids (as accepted by
     * {@code MPSolver.createSolver}, e.g. "SCIP", "CBC", "CP-SAT").
     */
    public OrToolsMipSolver(List<String> preferredBackends) {
        if (preferredBackends == null || preferredBackends.isEmpty()) {
            throw new IllegalArgumentException("at least one OR-Tools backend must be named");
        }
        this.preferredBackends = List.copyOf(preferredBackends);
        String chosen = null;
        String version = "";
        if (ensureLoaded()) {
            for (String id : this.preferredBackends) {
                MPSolver probe = MPSolver.createSolver(id);
                if (probe != null) {
                    chosen = id;
                    version = probe.solverVersion();
                    probe.delete();
                    break;
                }
            }
        }
        this.backend = chosen;
        this.backendVersion = version;
    }

    /** Loads the OR-Tools native libraries once; returns whether they are usable. */
    static boolean ensureLoaded() {
        if (loaded) return true;
        if (loadFailure != null) return false;
        synchronized (OrToolsMipSolver.class) {
            if (loaded) return true;
            if (loadFailure != null) return false;
            try {
                Loader.loadNativeLibraries();
                loaded = true;
            } catch (Throwable t) { // UnsatisfiedLinkError, missing platform jar, ...
                loadFailure = t;
            }
            return loaded;
        }
    }

    /** The OR-Tools backend in use ("SCIP", "CBC", "CP-SAT"), or null when none could be created. */
    public String backend() {
        return backend;
    }

    /** Whether a backend is usable. */
    public boolean isAvailable() {
        return backend != null;
    }

    @Override
    public String name() {
        return "ortools-" + (backend == null ? "unavailable" : backend);
    }

    @Override
    public MipSolution solve(MipModel model, Duration timeLimit) {
        Objects.requireNonNull(model, "model");
        requirePositive(timeLimit);
        long start = System.nanoTime();
        if (backend == null) {
            String why = loadFailure != null ? "native libraries failed to load: " + loadFailure
                    : "none of " + preferredBackends + " is available in this OR-Tools build";
            return MipSolution.withoutValues(MipSolution.Status.ERROR, name(), elapsedMs(start), why);
        }
        MPSolver solver = MPSolver.createSolver(backend);
        if (solver == null) {
            return MipSolution.withoutValues(MipSolution.Status.ERROR, name(), elapsedMs(start),
                    "MPSolver.createSolver(\"" + backend + "\") returned null");
        }
        try {
            solver.suppressOutput();
            List<MipModel.Var> vars = model.variables();
            MPVariable[] mp = new MPVariable[vars.size()];
            double inf = MPSolver.infinity();
            for (MipModel.Var v : vars) {
                mp[v.index()] = solver.makeVar(toInf(v.lowerBound(), inf), toInf(v.upperBound(), inf), v.isInteger(),
                        v.name());
            }
            for (MipModel.Constraint c : model.constraints()) {
                double rhs = c.rhs() - c.expression().constant();
                double lb = c.sense() == MipModel.Sense.LESS_OR_EQUAL ? -inf : toInf(rhs, inf);
                double ub = c.sense() == MipModel.Sense.GREATER_OR_EQUAL ? inf : toInf(rhs, inf);
                MPConstraint ct = solver.makeConstraint(lb, ub, c.name());
                c.expression().terms().forEach((v, coef) -> ct.setCoefficient(mp[v.index()], coef));
            }
            MPObjective obj = solver.objective();
            MipModel.Objective o = model.objective();
            o.expression().terms().forEach((v, coef) -> obj.setCoefficient(mp[v.index()], coef));
            obj.setOffset(o.expression().constant());
            if (o.direction() == MipModel.Direction.MAXIMIZE) obj.setMaximization(); else obj.setMinimization();

            if (!model.hint().isEmpty()) {
                List<MPVariable> hv = new ArrayList<>();
                double[] hx = new double[model.hint().size()];
                int k = 0;
                for (Map.Entry<MipModel.Var, Double> e : model.hint().entrySet()) {
                    hv.add(mp[e.getKey().index()]);
                    hx[k++] = e.getValue();
                }
                solver.setHint(hv.toArray(new MPVariable[0]), hx);
            }

            solver.setTimeLimit(Math.max(1L, timeLimit.toMillis()));
            MPSolverParameters params = new MPSolverParameters();
            params.setDoubleParam(MPSolverParameters.DoubleParam.RELATIVE_MIP_GAP, 0.0);
            MPSolver.ResultStatus rs = solver.solve(params);
            params.delete();

            MipSolution.Status status = switch (rs) {
                case OPTIMAL -> MipSolution.Status.OPTIMAL;
                case FEASIBLE -> MipSolution.Status.FEASIBLE;
                case INFEASIBLE -> MipSolution.Status.INFEASIBLE;
                case UNBOUNDED -> MipSolution.Status.UNBOUNDED;
                case NOT_SOLVED -> MipSolution.Status.NOT_SOLVED;
                case ABNORMAL, MODEL_INVALID -> MipSolution.Status.ERROR;
            };
            String detail = backendVersion + "; OR-Tools status " + rs;
            if (!status.hasSolution()) {
                return MipSolution.withoutValues(status, name(), elapsedMs(start), detail);
            }
            Map<MipModel.Var, Double> values = new LinkedHashMap<>();
            for (MipModel.Var v : vars) values.put(v, mp[v.index()].solutionValue());
            return new MipSolution(status, obj.value(), values, name(), elapsedMs(start), detail);
        } catch (RuntimeException e) {
            return MipSolution.withoutValues(MipSolution.Status.ERROR, name(), elapsedMs(start),
                    "OR-Tools failed: " + e);
        } finally {
            solver.delete();
        }
    }

    static void requirePositive(Duration timeLimit) {
        Objects.requireNonNull(timeLimit, "timeLimit");
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("timeLimit must be positive, got " + timeLimit);
        }
    }

    static long elapsedMs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000L;
    }

    private static double toInf(double x, double inf) {
        if (x == Double.POSITIVE_INFINITY) return inf;
        if (x == Double.NEGATIVE_INFINITY) return -inf;
        return x;
    }

    @Override
    public String toString() {
        return name() + (backendVersion.isEmpty() ? "" : " (" + backendVersion + ")");
    }
}
