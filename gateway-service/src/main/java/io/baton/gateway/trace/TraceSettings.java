package io.baton.gateway.trace;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.baton.gateway.GatewayException;

/**
 * Which requests' traces leave over OTLP, as Triton's trace extension sets them ({@code /v2[/models/{m}]/trace/setting}
 * and the gRPC {@code TraceSetting}): global settings, and per model (application) settings that override some of
 * them. The gateway decides once per request, as it arrives; the decision travels as the W3C {@code sampled} flag to
 * the scheduler and the workers, and each exports its part of a sampled request only. A request not sampled still
 * carries its trace id and is still kept in the in-memory timelines, so the admin page finds any recent request.
 *
 * <ul>
 *   <li>{@value #LEVEL}: {@code ["TIMESTAMPS"]} traces, {@code ["OFF"]} traces nothing. Triton's {@code TENSORS} is
 *       refused: a trace carries times and attributes, never tensor contents.</li>
 *   <li>{@value #RATE}: one request in N is traced, the first of each N requests of its scope (the global scope, or
 *       a model with settings of its own, which counts its own requests).</li>
 *   <li>{@value #COUNT}: how many more requests are traced, counting down; {@code -1}: no limit. At 0 nothing more
 *       is, until it is set again.</li>
 *   <li>{@value #MODE}: {@code opentelemetry}, read only. Triton's {@code trace_file} and {@code log_frequency} are
 *       refused: traces leave over OTLP, never to files.</li>
 * </ul>
 *
 * A value of null (REST) or no value (gRPC) clears a setting: a model's then follows the global one (as it is when
 * asked, not as it was when the model's settings were made, which is where this differs from Triton's copy), and a
 * global one returns to its configured default ({@code baton.tracing.export.*}).
 */
public final class TraceSettings {

    public static final String LEVEL = "trace_level";
    public static final String RATE = "trace_rate";
    public static final String COUNT = "trace_count";
    public static final String MODE = "trace_mode";
    static final String OPENTELEMETRY = "opentelemetry";
    static final String TIMESTAMPS = "TIMESTAMPS";
    static final String OFF = "OFF";

    /** How many models may hold settings of their own: each is a known application, this bounds a mistaken loop. */
    static final int MAX_MODELS = 10_000;

    private final TraceExportProperties defaults;
    private final Scope global;
    private final Map<String, Scope> models = new ConcurrentHashMap<>();

    public TraceSettings(TraceExportProperties defaults) {
        this.defaults = defaults;
        this.global = new Scope();
        global.on = defaults.on();
        global.rate = defaults.rate();
        global.remaining = new AtomicLong(defaults.count());
    }

    /** Every request traced: what tests of the export use. */
    public static TraceSettings everyRequest() {
        return new TraceSettings(new TraceExportProperties(TIMESTAMPS, 1, -1));
    }

    /**
     * Whether the request that arrived now for {@code model} (null: not yet known) is traced. Counts it towards its
     * scope's rate, and a traced one off its scope's count.
     */
    public boolean sample(String model) {
        Scope scope = scope(model);
        return scope.on(global) && scope.counts(scope.rate(global)) && take(scope.remaining(global));
    }

    /** The settings in force for {@code model} (null: the global ones), as the extension answers them. */
    public Map<String, List<String>> view(String model) {
        Scope scope = scope(model);
        boolean on = scope.on(global);
        int rate = scope.rate(global);
        AtomicLong remaining = scope.remaining(global);
        Map<String, List<String>> view = new LinkedHashMap<>();
        view.put(LEVEL, List.of(on ? TIMESTAMPS : OFF));
        view.put(RATE, List.of(String.valueOf(rate)));
        view.put(COUNT, List.of(String.valueOf(remaining.get())));
        view.put(MODE, List.of(OPENTELEMETRY));
        return view;
    }

    /**
     * Sets what {@code changes} names for {@code model} (null: globally) and answers the settings then in force. A
     * null value clears the setting. All are checked before any is set: a refused request changes nothing.
     *
     * @throws GatewayException 400 naming the setting and what is wrong with it
     */
    public synchronized Map<String, List<String>> update(String model, Map<String, List<String>> changes) {
        Change change = Change.of(changes);
        Scope scope;
        if (model == null) {
            scope = global;
        } else {
            scope = models.get(model);
            if (scope == null) {
                if (models.size() >= MAX_MODELS) {
                    throw GatewayException.badRequest("trace settings are held for " + MAX_MODELS
                            + " models already; clear some (set their values to null) first");
                }
                scope = new Scope();
            }
        }
        if (change.level != null) {
            Boolean cleared = model == null ? Boolean.valueOf(defaults.on()) : null;
            scope.on = change.level.isEmpty() ? cleared : Boolean.valueOf(change.level.get(0).equals(TIMESTAMPS));
        }
        if (change.rate != null) {
            Integer cleared = model == null ? Integer.valueOf(defaults.rate()) : null;
            scope.rate = change.rate.isEmpty() ? cleared : Integer.valueOf(change.rate.get(0));
            scope.seen.set(0);
        }
        if (change.count != null) {
            if (change.count.isEmpty()) {
                scope.remaining = model == null ? new AtomicLong(defaults.count()) : null;
            } else if (model == null) {
                scope.remaining.set(Long.parseLong(change.count.get(0)));
            } else {
                scope.remaining = new AtomicLong(Long.parseLong(change.count.get(0)));
            }
        }
        if (model != null) {
            if (scope.on == null && scope.rate == null && scope.remaining == null) {
                models.remove(model);
            } else {
                models.put(model, scope);
            }
        }
        return view(model);
    }

    /** The scope {@code model}'s requests count in: its own settings where it has some, else the global ones. */
    private Scope scope(String model) {
        Scope own = model == null ? null : models.get(model);
        return own != null ? own : global;
    }

    /** Takes one trace off {@code remaining} (negative: no limit); false when none is left. */
    private static boolean take(AtomicLong remaining) {
        while (true) {
            long r = remaining.get();
            if (r < 0) {
                return true;
            }
            if (r == 0) {
                return false;
            }
            if (remaining.compareAndSet(r, r - 1)) {
                return true;
            }
        }
    }

    /** One scope's settings; in a model's, null: the global one's. */
    private static final class Scope {
        volatile Boolean on;
        volatile Integer rate;
        volatile AtomicLong remaining;
        final AtomicLong seen = new AtomicLong();

        /** Counts a request; true for the first of each {@code rate}. */
        boolean counts(int rate) {
            return rate == 1 || seen.getAndIncrement() % rate == 0;
        }

        // a setting this scope leaves unset is the global scope's (whose settings are all set)
        boolean on(Scope global) {
            Boolean own = on;
            return own != null ? own : global.on;
        }

        int rate(Scope global) {
            Integer own = rate;
            return own != null ? own : global.rate;
        }

        AtomicLong remaining(Scope global) {
            AtomicLong own = remaining;
            return own != null ? own : global.remaining;
        }
    }

    /**
     * What a request asks to change, checked: per setting null (not named), an empty list (clear) or its one
     * normalised value.
     */
    private record Change(List<String> level, List<String> rate, List<String> count) {

        static Change of(Map<String, List<String>> changes) {
            List<String> level = null;
            List<String> rate = null;
            List<String> count = null;
            for (Map.Entry<String, List<String>> e : changes.entrySet()) {
                String name = e.getKey();
                List<String> values = e.getValue() == null ? List.of() : e.getValue();
                switch (name) {
                    case LEVEL -> level = values.isEmpty() ? values : List.of(level(values));
                    case RATE -> rate = values.isEmpty() ? values
                            : List.of(String.valueOf(whole(RATE, values, 1, Integer.MAX_VALUE)));
                    case COUNT -> count = values.isEmpty() ? values
                            : List.of(String.valueOf(whole(COUNT, values, -1, Long.MAX_VALUE)));
                    case MODE -> throw GatewayException.badRequest(MODE + " is " + OPENTELEMETRY
                            + " and cannot be changed");
                    case "trace_file", "log_frequency" -> throw GatewayException.badRequest(name
                            + " is not supported: traces leave over OTLP (BATON_OTLP_ENDPOINT), never to files");
                    default -> throw GatewayException.badRequest("unknown trace setting '" + bounded(name)
                            + "'; the settings are " + LEVEL + ", " + RATE + " and " + COUNT);
                }
            }
            return new Change(level, rate, count);
        }

        private static String level(List<String> values) {
            boolean on = false;
            boolean off = false;
            for (String v : values) {
                String level = v == null ? "null" : v.strip().toUpperCase(Locale.ROOT);
                switch (level) {
                    case TIMESTAMPS -> on = true;
                    case OFF -> off = true;
                    case "TENSORS" -> throw GatewayException.badRequest(LEVEL
                            + " TENSORS is not supported: a trace carries times and attributes, never tensor contents");
                    default -> throw GatewayException.badRequest(LEVEL + ": OFF or TIMESTAMPS, got '" + bounded(v) + "'");
                }
            }
            if (on && off) {
                throw GatewayException.badRequest(LEVEL + ": OFF cannot be given with TIMESTAMPS");
            }
            return on ? TIMESTAMPS : OFF;
        }

        private static long whole(String name, List<String> values, long min, long max) {
            if (values.size() != 1) {
                throw GatewayException.badRequest(name + " takes one value, got " + values.size());
            }
            String v = values.get(0);
            long n;
            try {
                n = Long.parseLong(v == null ? "" : v.strip());
            } catch (NumberFormatException e) {
                n = Long.MIN_VALUE;
            }
            if (n < min || n > max) {
                throw GatewayException.badRequest(name + ": a whole number from " + min + " to " + max + ", got '"
                        + bounded(v) + "'");
            }
            return n;
        }

        /** Text from outside, cut to a length that keeps an error one line. */
        private static String bounded(String s) {
            return s == null ? "null" : s.length() <= 64 ? s : s.substring(0, 64) + "…";
        }
    }
}
