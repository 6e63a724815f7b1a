package io.baton.core.solver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A small, solver-independent mixed-integer linear program: variables, linear constraints and a linear
 * objective. It exists so that policies (Symphony's epoch partitioner, Appendix A of the Symphony paper; IPA's
 * integer program later) describe <em>what</em> to solve once, and a {@link MipSolver} decides <em>how</em>
 * (OR-Tools SCIP here, Gurobi where licensed) without the policy touching any solver API.
 *
 * <p>The model is append-only: variables and constraints can be added but never removed or changed, and every
 * value object ({@link Var}, {@link LinearExpr}, {@link Constraint}, {@link Objective}) is immutable. That is
 * the "immutable-ish" contract: a solver sees a consistent snapshot, and a model can be solved repeatedly (for
 * example by two solvers in a test) with identical input. The model is not thread-safe while being built.
 *
 * <p>Choices made here and why:
 * <ul>
 *   <li>Variable names must be unique within a model, so a solution can be inspected by name and solver logs
 *       are readable. Names are passed to the solver as given.</li>
 *   <li>Bounds may be infinite ({@link Double#POSITIVE_INFINITY} / {@link Double#NEGATIVE_INFINITY}); each
 *       solver maps them to its own notion of infinity. A binary variable always has bounds [0, 1].</li>
 *   <li>A {@link LinearExpr} may carry a constant. In a constraint the constant is moved to the right-hand
 *       side ({@code expr ≤ rhs} is sent as {@code terms ≤ rhs − constant}); in the objective it becomes the
 *       objective offset, so reported objective values include it.</li>
 *   <li>An optional <em>hint</em> (a full or partial starting solution) can be attached. Solvers are free to
 *       ignore it; when they accept it, a time-limited solve never returns anything worse than the hint. The
 *       partitioner uses this to seed the MILP with its greedy assignment.</li>
 * </ul>
 */
public final class MipModel {

    /** Domain of a variable. */
    public enum VarType { BINARY, INTEGER, CONTINUOUS }

    /** Relation of a linear constraint: expression ≤, ≥ or = right-hand side. */
    public enum Sense { LESS_OR_EQUAL, GREATER_OR_EQUAL, EQUAL }

    /** Objective direction. */
    public enum Direction { MINIMIZE, MAXIMIZE }

    /**
     * A decision variable. {@code index} is its position in the owning model (0-based, dense), which solvers
     * use to map to their own variable objects. Two variables are equal only if all fields are equal, so a
     * variable of one model is never mistaken for one of another model with a different name or bounds; the
     * solvers additionally check identity against the model they solve.
     */
    public record Var(int index, String name, VarType type, double lowerBound, double upperBound) {
        public Var {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        /** True for binary and general integer variables. */
        public boolean isInteger() {
            return type != VarType.CONTINUOUS;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * An immutable linear expression Σ c_k·x_k + constant. Terms of the same variable are merged. Build larger
     * expressions with {@link #builder()} (linear time) rather than chaining {@link #plus}, which copies.
     */
    public static final class LinearExpr {
        private static final LinearExpr ZERO = new LinearExpr(Map.of(), 0.0);

        private final Map<Var, Double> terms; // insertion ordered, unmodifiable, no zero coefficients
        private final double constant;

        private LinearExpr(Map<Var, Double> terms, double constant) {
            this.terms = terms;
            this.constant = constant;
        }

        /** The expression 0. */
        public static LinearExpr zero() {
            return ZERO;
        }

        /** The constant expression c. */
        public static LinearExpr constant(double c) {
            return builder().addConstant(c).build();
        }

        /** The expression 1·x. */
        public static LinearExpr of(Var x) {
            return builder().add(x, 1.0).build();
        }

        /** The expression c·x. */
        public static LinearExpr term(double c, Var x) {
            return builder().add(x, c).build();
        }

        /** Σ x over the given variables. */
        public static LinearExpr sum(Iterable<Var> vars) {
            Builder b = builder();
            for (Var v : vars) b.add(v, 1.0);
            return b.build();
        }

        /** Σ c_k·x_k; the arrays must have the same length. */
        public static LinearExpr weightedSum(double[] coefficients, Var[] vars) {
            if (coefficients.length != vars.length) {
                throw new IllegalArgumentException("coefficients and vars differ in length: "
                        + coefficients.length + " vs " + vars.length);
            }
            Builder b = builder();
            for (int k = 0; k < vars.length; k++) b.add(vars[k], coefficients[k]);
            return b.build();
        }

        public static Builder builder() {
            return new Builder();
        }

        /** This expression plus c·x (a new expression). */
        public LinearExpr plus(double c, Var x) {
            return toBuilder().add(x, c).build();
        }

        /** This expression plus another (a new expression). */
        public LinearExpr plus(LinearExpr other) {
            return toBuilder().add(other, 1.0).build();
        }

        /** This expression plus a constant (a new expression). */
        public LinearExpr plus(double c) {
            return toBuilder().addConstant(c).build();
        }

        /** This expression times a scalar (a new expression). */
        public LinearExpr times(double factor) {
            return builder().add(this, factor).build();
        }

        public Builder toBuilder() {
            return builder().add(this, 1.0);
        }

        /** Non-zero coefficients by variable, in the order they were first added. */
        public Map<Var, Double> terms() {
            return terms;
        }

        public double constant() {
            return constant;
        }

        /** Coefficient of x (0 when absent). */
        public double coefficient(Var x) {
            return terms.getOrDefault(x, 0.0);
        }

        /** Value of this expression at the given point; missing variables count as 0. */
        public double evaluate(Map<Var, Double> values) {
            double s = constant;
            for (Map.Entry<Var, Double> e : terms.entrySet()) {
                s += e.getValue() * values.getOrDefault(e.getKey(), 0.0);
            }
            return s;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof LinearExpr l && l.terms.equals(terms) && Double.compare(l.constant, constant) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(terms, constant);
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            terms.forEach((v, c) -> {
                if (sb.length() > 0) sb.append(c < 0 ? " - " : " + ");
                else if (c < 0) sb.append('-');
                double a = Math.abs(c);
                if (a != 1.0) sb.append(a).append('·');
                sb.append(v.name());
            });
            if (constant != 0 || sb.length() == 0) {
                if (sb.length() > 0) sb.append(constant < 0 ? " - " : " + ").append(Math.abs(constant));
                else sb.append(constant);
            }
            return sb.toString();
        }

        /** Mutable accumulator for a {@link LinearExpr}. */
        public static final class Builder {
            private final LinkedHashMap<Var, Double> terms = new LinkedHashMap<>();
            private double constant;

            private Builder() {}

            /** Adds c·x (merging with an existing term of x). Non-finite coefficients are rejected. */
            public Builder add(Var x, double c) {
                Objects.requireNonNull(x, "variable");
                if (!Double.isFinite(c)) {
                    throw new IllegalArgumentException("coefficient of " + x.name() + " must be finite, got " + c);
                }
                terms.merge(x, c, Double::sum);
                return this;
            }

            /** Adds factor·e. */
            public Builder add(LinearExpr e, double factor) {
                e.terms.forEach((v, c) -> add(v, c * factor));
                return addConstant(e.constant * factor);
            }

            public Builder addConstant(double c) {
                if (!Double.isFinite(c)) throw new IllegalArgumentException("constant must be finite, got " + c);
                constant += c;
                return this;
            }

            public LinearExpr build() {
                LinkedHashMap<Var, Double> copy = new LinkedHashMap<>();
                terms.forEach((v, c) -> {
                    if (c != 0.0) copy.put(v, c);
                });
                if (copy.isEmpty() && constant == 0.0) return ZERO;
                return new LinearExpr(Collections.unmodifiableMap(copy), constant);
            }
        }
    }

    /** A named linear constraint {@code expression sense rhs}. */
    public record Constraint(String name, LinearExpr expression, Sense sense, double rhs) {
        public Constraint {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(expression, "expression");
            Objects.requireNonNull(sense, "sense");
            if (Double.isNaN(rhs)) throw new IllegalArgumentException("rhs of " + name + " is NaN");
        }

        /** Whether the point satisfies this constraint within an absolute tolerance. */
        public boolean isSatisfiedBy(Map<Var, Double> values, double tolerance) {
            double lhs = expression.evaluate(values);
            return switch (sense) {
                case LESS_OR_EQUAL -> lhs <= rhs + tolerance;
                case GREATER_OR_EQUAL -> lhs >= rhs - tolerance;
                case EQUAL -> Math.abs(lhs - rhs) <= tolerance;
            };
        }

        @Override
        public String toString() {
            String op = switch (sense) {
                case LESS_OR_EQUAL -> " <= ";
                case GREATER_OR_EQUAL -> " >= ";
                case EQUAL -> " = ";
            };
            return name + ": " + expression + op + rhs;
        }
    }

    /** The objective: minimize or maximize an expression. */
    public record Objective(Direction direction, LinearExpr expression) {
        public Objective {
            Objects.requireNonNull(direction, "direction");
            Objects.requireNonNull(expression, "expression");
        }
    }

    private final String name;
    private final List<Var> variables = new ArrayList<>();
    private final Map<String, Var> byName = new HashMap<>();
    private final List<Constraint> constraints = new ArrayList<>();
    private final Map<String, Constraint> constraintsByName = new HashMap<>();
    private final LinkedHashMap<Var, Double> hint = new LinkedHashMap<>();
    private Objective objective = new Objective(Direction.MINIMIZE, LinearExpr.zero());

    public MipModel(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    public MipModel() {
        this("model");
    }

    public String name() {
        return name;
    }

    // ----------------------------------------------------------------------------------------- variables

    /** Adds a binary (0/1) variable. */
    public Var addBinary(String name) {
        return addVariable(name, VarType.BINARY, 0.0, 1.0);
    }

    /** Adds an integer variable with the given (possibly infinite) bounds. */
    public Var addInteger(String name, double lowerBound, double upperBound) {
        return addVariable(name, VarType.INTEGER, lowerBound, upperBound);
    }

    /** Adds a continuous variable with the given (possibly infinite) bounds. */
    public Var addContinuous(String name, double lowerBound, double upperBound) {
        return addVariable(name, VarType.CONTINUOUS, lowerBound, upperBound);
    }

    /**
     * Adds a variable. Binary variables ignore the given bounds and use [0, 1]. Names must be unique and
     * non-blank; bounds must not be NaN and lower ≤ upper (an empty domain is a modelling error rather than an
     * infeasible model, so it is rejected here instead of being reported as INFEASIBLE later).
     */
    public Var addVariable(String name, VarType type, double lowerBound, double upperBound) {
        Objects.requireNonNull(type, "type");
        requireFreshName(name, byName.keySet(), "variable");
        if (type == VarType.BINARY) {
            lowerBound = 0.0;
            upperBound = 1.0;
        }
        if (Double.isNaN(lowerBound) || Double.isNaN(upperBound)) {
            throw new IllegalArgumentException("bounds of variable " + name + " must not be NaN");
        }
        if (lowerBound > upperBound) {
            throw new IllegalArgumentException("variable " + name + " has lowerBound " + lowerBound
                    + " > upperBound " + upperBound);
        }
        if (lowerBound == Double.POSITIVE_INFINITY || upperBound == Double.NEGATIVE_INFINITY) {
            throw new IllegalArgumentException("variable " + name + " has an empty domain ["
                    + lowerBound + ", " + upperBound + "]");
        }
        Var v = new Var(variables.size(), name, type, lowerBound, upperBound);
        variables.add(v);
        byName.put(name, v);
        return v;
    }

    /** Variables in creation order ({@code variables().get(v.index()) == v}). */
    public List<Var> variables() {
        return Collections.unmodifiableList(variables);
    }

    public Optional<Var> variable(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public int variableCount() {
        return variables.size();
    }

    /** Whether x is a variable of this model (the same object, not merely an equal one). */
    public boolean owns(Var x) {
        return x.index() >= 0 && x.index() < variables.size() && variables.get(x.index()) == x;
    }

    // --------------------------------------------------------------------------------------- constraints

    /** Adds {@code expression sense rhs}. Every variable of the expression must belong to this model. */
    public Constraint addConstraint(String name, LinearExpr expression, Sense sense, double rhs) {
        requireFreshName(name, constraintsByName.keySet(), "constraint");
        requireOwned(expression, "constraint " + name);
        Constraint c = new Constraint(name, expression, sense, rhs);
        constraints.add(c);
        constraintsByName.put(name, c);
        return c;
    }

    /** Adds {@code expression ≤ rhs}. */
    public Constraint addLessOrEqual(String name, LinearExpr expression, double rhs) {
        return addConstraint(name, expression, Sense.LESS_OR_EQUAL, rhs);
    }

    /** Adds {@code expression ≥ rhs}. */
    public Constraint addGreaterOrEqual(String name, LinearExpr expression, double rhs) {
        return addConstraint(name, expression, Sense.GREATER_OR_EQUAL, rhs);
    }

    /** Adds {@code expression = rhs}. */
    public Constraint addEqual(String name, LinearExpr expression, double rhs) {
        return addConstraint(name, expression, Sense.EQUAL, rhs);
    }

    public List<Constraint> constraints() {
        return Collections.unmodifiableList(constraints);
    }

    public Optional<Constraint> constraint(String name) {
        return Optional.ofNullable(constraintsByName.get(name));
    }

    // ----------------------------------------------------------------------------------------- objective

    /** Sets the objective to minimize the expression (replacing any previous objective). */
    public MipModel minimize(LinearExpr expression) {
        return setObjective(Direction.MINIMIZE, expression);
    }

    /** Sets the objective to maximize the expression (replacing any previous objective). */
    public MipModel maximize(LinearExpr expression) {
        return setObjective(Direction.MAXIMIZE, expression);
    }

    public MipModel setObjective(Direction direction, LinearExpr expression) {
        requireOwned(expression, "objective");
        this.objective = new Objective(direction, expression);
        return this;
    }

    /** The objective; minimize 0 (a pure feasibility problem) until one is set. */
    public Objective objective() {
        return objective;
    }

    // ---------------------------------------------------------------------------------------------- hint

    /** Suggests a starting value for x. Solvers may ignore hints; a later call for the same x replaces it. */
    public MipModel hint(Var x, double value) {
        if (!owns(x)) throw new IllegalArgumentException("hint for a variable of another model: " + x.name());
        if (!Double.isFinite(value)) throw new IllegalArgumentException("hint for " + x.name() + " must be finite");
        hint.put(x, value);
        return this;
    }

    /** The starting values suggested so far (possibly partial). */
    public Map<Var, Double> hint() {
        return Collections.unmodifiableMap(hint);
    }

    // ---------------------------------------------------------------------------------------- evaluation

    /**
     * Checks a point against bounds, integrality and every constraint with an absolute tolerance. Useful to
     * validate a solver's answer independently of the solver.
     */
    public boolean isFeasible(Map<Var, Double> values, double tolerance) {
        for (Var v : variables) {
            double x = values.getOrDefault(v, 0.0);
            if (x < v.lowerBound() - tolerance || x > v.upperBound() + tolerance) return false;
            if (v.isInteger() && Math.abs(x - Math.rint(x)) > tolerance) return false;
        }
        for (Constraint c : constraints) {
            if (!c.isSatisfiedBy(values, tolerance)) return false;
        }
        return true;
    }

    /** Objective value at a point (including the objective's constant). */
    public double objectiveValue(Map<Var, Double> values) {
        return objective.expression().evaluate(values);
    }

    @Override
    public String toString() {
        return "MipModel[" + name + ": " + variables.size() + " variables, " + constraints.size() + " constraints, "
                + objective.direction().name().toLowerCase() + "]";
    }

    private void requireOwned(LinearExpr e, String where) {
        Objects.requireNonNull(e, "expression");
        for (Var v : e.terms().keySet()) {
            if (!owns(v)) {
                throw new IllegalArgumentException(where + " uses variable " + v.name() + " of another model");
            }
        }
    }

    private static void requireFreshName(String name, java.util.Set<String> taken, String what) {
        if (name == null || name.isBlank()) throw new IllegalArgumentException(what + " name must be non-blank");
        if (taken.contains(name)) throw new IllegalArgumentException("duplicate " + what + " name: " + name);
    }
}
