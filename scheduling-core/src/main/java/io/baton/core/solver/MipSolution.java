package io.baton.core.solver;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Outcome of one {@link MipSolver#solve} call.
 *
 * @param status         what the solver concluded
 * @param objectiveValue objective at the returned point (including the objective's constant); {@code NaN}
 *                       when there is no solution
 * @param values         value of every model variable at the returned point; empty when there is no solution.
 *                       Integer variables carry the solver's raw double (e.g. 0.9999999); use
 *                       {@link #intValue} or {@link #isOne} to read them.
 * @param solverName     which solver (and backend) produced it, e.g. "ortools-SCIP"
 * @param wallTimeMs     wall-clock time of the whole call: model translation, search and extraction
 * @param detail         human-readable note (solver version, error message); never null
 */
public record MipSolution(Status status, double objectiveValue, Map<MipModel.Var, Double> values, String solverName,
                          long wallTimeMs, String detail) {

    /** Solver verdict. */
    public enum Status {
        /** Proven optimal. */
        OPTIMAL,
        /** A feasible solution, not proven optimal (typically: time limit reached with an incumbent). */
        FEASIBLE,
        /** Proven infeasible. */
        INFEASIBLE,
        /** Proven unbounded (or infeasible-or-unbounded as reported by the solver without a solution). */
        UNBOUNDED,
        /** Stopped (time limit) before any feasible solution was found: the "timeout, no solution" case. */
        NOT_SOLVED,
        /** The solver failed or is unavailable; see {@code detail}. */
        ERROR;

        /** True for OPTIMAL and FEASIBLE: the solution carries values. */
        public boolean hasSolution() {
            return this == OPTIMAL || this == FEASIBLE;
        }
    }

    public MipSolution {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(solverName, "solverName");
        values = values == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values));
        detail = detail == null ? "" : detail;
    }

    /** A solution without values (INFEASIBLE, UNBOUNDED, NOT_SOLVED, ERROR). */
    public static MipSolution withoutValues(Status status, String solverName, long wallTimeMs, String detail) {
        if (status.hasSolution()) throw new IllegalArgumentException(status + " needs values");
        return new MipSolution(status, Double.NaN, Map.of(), solverName, wallTimeMs, detail);
    }

    public boolean hasSolution() {
        return status.hasSolution();
    }

    /** The value of x; throws when there is no solution or x is not in it. */
    public double value(MipModel.Var x) {
        if (!hasSolution()) throw new IllegalStateException("no solution (" + status + "): " + detail);
        Double v = values.get(x);
        if (v == null) throw new IllegalArgumentException("variable " + x.name() + " is not part of this solution");
        return v;
    }

    /** The value of an integer variable, rounded to the nearest integer (absorbs solver tolerances). */
    public long intValue(MipModel.Var x) {
        return Math.round(value(x));
    }

    /** Whether a binary variable is 1 (its value is above 0.5). */
    public boolean isOne(MipModel.Var x) {
        return value(x) > 0.5;
    }

    /** Value of an expression at this solution. */
    public double value(MipModel.LinearExpr e) {
        if (!hasSolution()) throw new IllegalStateException("no solution (" + status + "): " + detail);
        return e.evaluate(values);
    }

    @Override
    public String toString() {
        return "MipSolution[" + status + (hasSolution() ? ", objective=" + objectiveValue : "") + ", solver="
                + solverName + ", " + wallTimeMs + " ms" + (detail.isEmpty() ? "" : ", " + detail) + "]";
    }
}
