package io.baton.core.sneakpeek;

/**
 * The deadline-miss penalty γ of an application (paper eq. 2 and §6.1): utility = accuracy · (1 − γ).
 * Every form is in [0, 1] and non-decreasing in lateness = completion − deadline (ms).
 *
 * <p>{@link Step}, {@link Linear} and {@link Sigmoid} are the forms of the {@code plan sneakpeek} contract (absolute
 * lateness, so a caller can state a penalty without knowing each request's budget). {@link RelativeLinear} and
 * {@link RelativeSigmoid} are the paper's §6.1 forms, which measure lateness relative to the request's own deadline
 * budget d: x = (e − d)/d. Where d is measured from (arrival, or the moment the window is scheduled, as in the paper's
 * eqs. 1–2) is the window's {@link SchedulingWindow.DeadlineBudget}. The paper prints {@code max(1, ·)}, which would
 * make every late request worthless; as in the notes (§3.1) we read it as {@code min(1, ·)}, so both reach the full
 * penalty at e ≥ 2d. The paper's sigmoid 1/(1 + (x/(1−x))^−3) equals x³/(x³ + (1−x)³) on 0 &lt; x &lt; 1.
 */
public sealed interface Penalty {

    /** γ for a request finishing latenessMs after its deadline (negative: early), whose deadline budget is budgetMs. */
    double gamma(double latenessMs, double budgetMs);

    /** Contract {@code {"type":"step"}}: 1 when completion &gt; deadline, else 0. */
    record Step() implements Penalty {
        @Override
        public double gamma(double latenessMs, double budgetMs) {
            return latenessMs > 0 ? 1.0 : 0.0;
        }
    }

    /** Contract {@code {"type":"linear","perMs":x}}: min(1, max(0, x·(completion − deadline))). */
    record Linear(double perMs) implements Penalty {
        public Linear {
            if (!(perMs >= 0) || Double.isInfinite(perMs)) throw new IllegalArgumentException("perMs must be finite and ≥ 0, got " + perMs);
        }

        @Override
        public double gamma(double latenessMs, double budgetMs) {
            return Math.min(1.0, Math.max(0.0, perMs * latenessMs));
        }
    }

    /** Contract {@code {"type":"sigmoid","scaleMs":s}}: 1/(1 + e^(−(completion − deadline)/s)); 0.5 exactly at the deadline. */
    record Sigmoid(double scaleMs) implements Penalty {
        public Sigmoid {
            if (!(scaleMs > 0) || Double.isInfinite(scaleMs)) throw new IllegalArgumentException("scaleMs must be finite and > 0, got " + scaleMs);
        }

        @Override
        public double gamma(double latenessMs, double budgetMs) {
            return 1.0 / (1.0 + Math.exp(-latenessMs / scaleMs));
        }
    }

    /** Paper §6.1 linear, read with min: 1[e&gt;d]·min(1, (e − d)/d), d the request's deadline budget. */
    record RelativeLinear() implements Penalty {
        @Override
        public double gamma(double latenessMs, double budgetMs) {
            if (latenessMs <= 0) return 0.0;
            return budgetMs <= 0 ? 1.0 : Math.min(1.0, latenessMs / budgetMs);
        }
    }

    /** Paper §6.1 sigmoid, read with min: x = (e − d)/d; γ = x³/(x³ + (1−x)³) for 0 &lt; x &lt; 1, 1 for x ≥ 1. */
    record RelativeSigmoid() implements Penalty {
        @Override
        public double gamma(double latenessMs, double budgetMs) {
            if (latenessMs <= 0) return 0.0;
            if (budgetMs <= 0) return 1.0;
            double x = latenessMs / budgetMs;
            if (x >= 1) return 1.0;
            double a = x * x * x, b = (1 - x) * (1 - x) * (1 - x);
            return a / (a + b);
        }
    }
}
