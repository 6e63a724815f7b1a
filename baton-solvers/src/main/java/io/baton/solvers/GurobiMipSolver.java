package io.baton.solvers;

import io.baton.core.solver.MipModel;
import io.baton.core.solver.MipSolution;
import io.baton.core.solver.MipSolver;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link MipSolver} on Gurobi's Java API, reached only through reflection so that nothing Gurobi-related is
 * needed to compile or run Baton. Gurobi is optional: the paper solved its partitioning MILP with CPLEX, and a
 * commercial solver is the natural way to get closer to its solution quality at scale, but OR-Tools is always
 * there as the default.
 *
 * <p>Two package layouts are recognised: {@code com.gurobi.gurobi.*} (Gurobi 11 and later, the Maven artifact
 * {@code com.gurobi:gurobi}) and {@code gurobi.*} (older {@code gurobi.jar}). The classes used are
 * {@code GRBEnv}, {@code GRBModel}, {@code GRBVar}, {@code GRBLinExpr} and the constants in {@code GRB}
 * (including the nested {@code GRB.IntParam}, {@code GRB.DoubleParam}, {@code GRB.IntAttr},
 * {@code GRB.DoubleAttr} and {@code GRB.Status}).
 *
 * <p>{@link #available()} is true only when the classes load <em>and</em> an environment can be started, which
 * needs the native library and a valid licence; the answer is computed once per JVM. Each solve starts its own
 * quiet environment ({@code OutputFlag = 0}) and disposes it, so calls are independent and thread-safe.
 *
 * <p>Mapping: TimeLimit is set in seconds, MIPGap to 0 (as for OR-Tools, OPTIMAL means proven optimal), a model
 * hint becomes the variables' {@code Start} attribute. Status: OPTIMAL → OPTIMAL; INFEASIBLE → INFEASIBLE;
 * UNBOUNDED and INF_OR_UNBD → UNBOUNDED; any other stop (time limit, interrupted, suboptimal, ...) → FEASIBLE
 * when {@code SolCount > 0}, otherwise NOT_SOLVED.
 */
public final class GurobiMipSolver implements MipSolver {

    private static final List<String> PACKAGES = List.of("com.gurobi.gurobi.", "gurobi.");

    private static volatile Api api;           // resolved classes, null until probed or when unavailable
    private static volatile String unavailableReason;
    private static volatile boolean probed;

    /** Creates the solver; whether it can actually solve is {@link #available()}. */
    public GurobiMipSolver() {}

    /**
     * True when Gurobi's Java classes are on the class path and an environment can be started (native library
     * and licence present). Never throws.
     */
    public static boolean available() {
        probe();
        return api != null;
    }

    /** Why {@link #available()} is false ("" when it is true). */
    public static String unavailableReason() {
        probe();
        return api != null ? "" : unavailableReason;
    }

    @Override
    public String name() {
        return "gurobi";
    }

    @Override
    public MipSolution solve(MipModel model, Duration timeLimit) {
        Objects.requireNonNull(model, "model");
        OrToolsMipSolver.requirePositive(timeLimit);
        long start = System.nanoTime();
        if (!available()) {
            return MipSolution.withoutValues(MipSolution.Status.ERROR, name(), OrToolsMipSolver.elapsedMs(start),
                    "Gurobi unavailable: " + unavailableReason);
        }
        Api g = api;
        Object env = null;
        Object grb = null;
        try {
            env = g.startQuietEnv();
            grb = g.modelCtor.newInstance(env);
            List<MipModel.Var> vars = model.variables();
            Object[] gv = new Object[vars.size()];
            for (MipModel.Var v : vars) {
                char type = switch (v.type()) {
                    case BINARY -> g.charConst("BINARY");
                    case INTEGER -> g.charConst("INTEGER");
                    case CONTINUOUS -> g.charConst("CONTINUOUS");
                };
                gv[v.index()] = call(grb, "addVar", g.bound(v.lowerBound()), g.bound(v.upperBound()), 0.0, type,
                        v.name());
            }
            for (MipModel.Constraint c : model.constraints()) {
                Object expr = g.linExprCtor.newInstance();
                for (Map.Entry<MipModel.Var, Double> t : c.expression().terms().entrySet()) {
                    call(expr, "addTerm", t.getValue(), gv[t.getKey().index()]);
                }
                char sense = switch (c.sense()) {
                    case LESS_OR_EQUAL -> g.charConst("LESS_EQUAL");
                    case GREATER_OR_EQUAL -> g.charConst("GREATER_EQUAL");
                    case EQUAL -> g.charConst("EQUAL");
                };
                call(grb, "addConstr", expr, sense, c.rhs() - c.expression().constant(), c.name());
            }
            Object objExpr = g.linExprCtor.newInstance();
            MipModel.Objective o = model.objective();
            for (Map.Entry<MipModel.Var, Double> t : o.expression().terms().entrySet()) {
                call(objExpr, "addTerm", t.getValue(), gv[t.getKey().index()]);
            }
            call(objExpr, "addConstant", o.expression().constant());
            int sense = g.intConst(o.direction() == MipModel.Direction.MAXIMIZE ? "MAXIMIZE" : "MINIMIZE");
            call(grb, "setObjective", objExpr, sense);
            for (Map.Entry<MipModel.Var, Double> h : model.hint().entrySet()) {
                call(gv[h.getKey().index()], "set", g.enumConst("DoubleAttr", "Start"), h.getValue());
            }
            call(grb, "set", g.enumConst("DoubleParam", "TimeLimit"), timeLimit.toNanos() / 1e9);
            call(grb, "set", g.enumConst("DoubleParam", "MIPGap"), 0.0);
            call(grb, "optimize");

            int st = ((Number) call(grb, "get", g.enumConst("IntAttr", "Status"))).intValue();
            int solCount = ((Number) call(grb, "get", g.enumConst("IntAttr", "SolCount"))).intValue();
            MipSolution.Status status;
            if (st == g.status("OPTIMAL")) status = MipSolution.Status.OPTIMAL;
            else if (st == g.status("INFEASIBLE")) status = MipSolution.Status.INFEASIBLE;
            else if (st == g.status("UNBOUNDED") || st == g.status("INF_OR_UNBD")) status = MipSolution.Status.UNBOUNDED;
            else status = solCount > 0 ? MipSolution.Status.FEASIBLE : MipSolution.Status.NOT_SOLVED;
            if (status == MipSolution.Status.OPTIMAL && solCount == 0) status = MipSolution.Status.ERROR;
            String detail = "Gurobi status " + st;
            if (!status.hasSolution()) {
                return MipSolution.withoutValues(status, name(), OrToolsMipSolver.elapsedMs(start), detail);
            }
            double objVal = ((Number) call(grb, "get", g.enumConst("DoubleAttr", "ObjVal"))).doubleValue();
            Object x = g.enumConst("DoubleAttr", "X");
            Map<MipModel.Var, Double> values = new LinkedHashMap<>();
            for (MipModel.Var v : vars) values.put(v, ((Number) call(gv[v.index()], "get", x)).doubleValue());
            return new MipSolution(status, objVal, values, name(), OrToolsMipSolver.elapsedMs(start), detail);
        } catch (Throwable t) {
            Throwable cause = t instanceof InvocationTargetException ite && ite.getCause() != null ? ite.getCause() : t;
            return MipSolution.withoutValues(MipSolution.Status.ERROR, name(), OrToolsMipSolver.elapsedMs(start),
                    "Gurobi failed: " + cause);
        } finally {
            disposeQuietly(grb);
            disposeQuietly(env);
        }
    }

    // ---------------------------------------------------------------------------------------- reflection

    private static void probe() {
        if (probed) return;
        synchronized (GurobiMipSolver.class) {
            if (probed) return;
            StringBuilder reasons = new StringBuilder();
            for (String pkg : PACKAGES) {
                try {
                    Api candidate = new Api(pkg);
                    Object env = candidate.startQuietEnv(); // needs native library + licence
                    disposeQuietly(env);
                    api = candidate;
                    break;
                } catch (Throwable t) {
                    Throwable cause = t instanceof InvocationTargetException ite && ite.getCause() != null
                            ? ite.getCause() : t;
                    if (reasons.length() > 0) reasons.append("; ");
                    reasons.append(pkg).append("GRBEnv: ").append(cause instanceof ClassNotFoundException
                            ? "classes not on the class path" : cause.toString());
                }
            }
            unavailableReason = api != null ? "" : reasons.toString();
            probed = true;
        }
    }

    private static void disposeQuietly(Object o) {
        if (o == null) return;
        try {
            call(o, "dispose");
        } catch (Throwable ignored) {
            // nothing useful to do: the object is being discarded
        }
    }

    /**
     * Invokes the public method {@code name} whose parameter types accept the arguments (boxing included),
     * so overloads such as {@code GRBModel.get(GRB.IntAttr)} vs {@code get(GRB.DoubleAttr)} resolve by the
     * runtime type of the argument.
     */
    static Object call(Object target, String name, Object... args) throws ReflectiveOperationException {
        for (Method m : target.getClass().getMethods()) {
            if (!m.getName().equals(name) || m.getParameterCount() != args.length) continue;
            if (Modifier.isStatic(m.getModifiers())) continue;
            if (accepts(m.getParameterTypes(), args)) return m.invoke(target, args);
        }
        throw new NoSuchMethodException(target.getClass().getName() + "." + name + " for " + args.length + " args");
    }

    private static boolean accepts(Class<?>[] types, Object[] args) {
        for (int k = 0; k < types.length; k++) {
            Class<?> t = types[k];
            Object a = args[k];
            if (t.isPrimitive()) {
                if (a == null) return false;
                Class<?> boxed = t == double.class ? Double.class : t == int.class ? Integer.class
                        : t == char.class ? Character.class : t == long.class ? Long.class
                        : t == boolean.class ? Boolean.class : null;
                if (boxed == null || !boxed.isInstance(a)) return false;
            } else if (a != null && !t.isInstance(a)) {
                return false;
            }
        }
        return true;
    }

    /** Resolved Gurobi classes of one package layout. */
    private static final class Api {
        final String pkg;
        final Class<?> grb;
        final Constructor<?> envCtor;     // GRBEnv(boolean empty)
        final Constructor<?> modelCtor;   // GRBModel(GRBEnv)
        final Constructor<?> linExprCtor; // GRBLinExpr()
        final double infinity;

        Api(String pkg) throws ReflectiveOperationException {
            this.pkg = pkg;
            ClassLoader cl = GurobiMipSolver.class.getClassLoader();
            Class<?> envClass = Class.forName(pkg + "GRBEnv", false, cl);
            this.grb = Class.forName(pkg + "GRB", false, cl);
            this.envCtor = envClass.getConstructor(boolean.class);
            this.modelCtor = Class.forName(pkg + "GRBModel", false, cl).getConstructor(envClass);
            this.linExprCtor = Class.forName(pkg + "GRBLinExpr", false, cl).getConstructor();
            this.infinity = grb.getField("INFINITY").getDouble(null);
        }

        /** An environment with logging off, started (this is where a missing licence fails). */
        Object startQuietEnv() throws ReflectiveOperationException {
            Object env = envCtor.newInstance(true);
            try {
                call(env, "set", enumConst("IntParam", "OutputFlag"), 0);
                call(env, "start");
                return env;
            } catch (ReflectiveOperationException | RuntimeException e) {
                disposeQuietly(env);
                throw e;
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        Object enumConst(String nested, String constant) throws ClassNotFoundException {
            Class<?> e = Class.forName(pkg + "GRB$" + nested, true, grb.getClassLoader());
            return Enum.valueOf((Class<? extends Enum>) e.asSubclass(Enum.class), constant);
        }

        char charConst(String field) throws ReflectiveOperationException {
            return grb.getField(field).getChar(null);
        }

        int intConst(String field) throws ReflectiveOperationException {
            return grb.getField(field).getInt(null);
        }

        int status(String field) throws ReflectiveOperationException {
            return Class.forName(pkg + "GRB$Status", true, grb.getClassLoader()).getField(field).getInt(null);
        }

        double bound(double b) {
            if (b == Double.POSITIVE_INFINITY) return infinity;
            if (b == Double.NEGATIVE_INFINITY) return -infinity;
            return b;
        }
    }
}
