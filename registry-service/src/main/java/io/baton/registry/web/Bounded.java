package io.baton.registry.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.math.BigDecimal;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

/**
 * A floating-point field that must be a finite number (JSON such as {@code 1e999} reads as infinity, and
 * {@code "NaN"} as not a number) within [{@link #min}, {@link #max}]. The refusal names the range, the unit and
 * the value given: "must be between 0.1 and 3600000 ms, got 1e-300". Null passes (pair with {@code @NotNull}).
 * Without bounds it only asks for a finite number.
 */
@Documented
@Constraint(validatedBy = Bounded.Check.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface Bounded {

    /** Smallest value accepted (inclusive unless {@link #minExclusive}). */
    double min() default -Double.MAX_VALUE;

    /** Largest value accepted (inclusive). */
    double max() default Double.MAX_VALUE;

    /** Whether {@link #min} itself is refused (for "more than 0"). */
    boolean minExclusive() default false;

    /** Unit named in the refusal, such as {@code ms}; empty for none. */
    String unit() default "";

    String message() default "must be a finite number";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<Bounded, Number> {

        private Bounded bounds;

        @Override
        public void initialize(Bounded bounds) {
            this.bounds = bounds;
        }

        @Override
        public boolean isValid(Number value, ConstraintValidatorContext context) {
            if (value == null) return true;
            double v = value.doubleValue();
            boolean ok = Double.isFinite(v) && (bounds.minExclusive() ? v > bounds.min() : v >= bounds.min())
                    && v <= bounds.max();
            if (ok) return true;
            context.disableDefaultConstraintViolation();
            context.buildConstraintViolationWithTemplate(escape(rule(bounds) + ", got " + format(v)))
                    .addConstraintViolation();
            return false;
        }

        static String rule(Bounded b) {
            String unit = b.unit().isEmpty() ? "" : " " + b.unit();
            boolean low = b.min() != -Double.MAX_VALUE;
            boolean high = b.max() != Double.MAX_VALUE;
            if (low && high) {
                return (b.minExclusive() ? "must be more than " + format(b.min()) + " and at most "
                        : "must be between " + format(b.min()) + " and ") + format(b.max()) + unit;
            }
            if (low) return (b.minExclusive() ? "must be more than " : "must be at least ") + format(b.min()) + unit;
            if (high) return "must be at most " + format(b.max()) + unit;
            return "must be a finite number";
        }

        /** 0.1, 3600000, 1e-300, 1e+308, Infinity. */
        static String format(double v) {
            if (!Double.isFinite(v)) return Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
            BigDecimal d = BigDecimal.valueOf(v).stripTrailingZeros();
            double a = Math.abs(v);
            return (a == 0 || (a >= 1e-4 && a < 1e12) ? d.toPlainString() : d.toString()).toLowerCase();
        }

        private static String escape(String message) {
            return message.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}").replace("$", "\\$");
        }
    }
}
