package io.baton.core.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Reads a JSON object field by field, naming the field at fault (by its path, e.g.
 * {@code models[2].arrival.shape}) in every error. Unknown fields are refused too, so a typo never
 * silently falls back to a default.
 */
public final class JsonInput {
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private final JsonNode node;
    private final String path;
    private final java.util.Set<String> read = new java.util.HashSet<>();

    private JsonInput(JsonNode node, String path) {
        this.node = node;
        this.path = path;
    }

    public static JsonInput parse(String text, String what) {
        if (text == null || text.isBlank()) throw new InputException(what + " is empty: expected a JSON object");
        JsonNode n;
        try {
            n = MAPPER.readTree(text);
        } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
            // Jackson's own wording names its configuration classes; the user needs the limit (depth, digits, length).
            throw new InputException(what + " is not accepted: " + io.baton.core.json.JsonProblems.limit(e));
        } catch (JsonProcessingException e) {
            String msg = e.getOriginalMessage();
            String first = io.baton.core.json.JsonProblems.plain(msg == null ? null : msg.lines().findFirst().orElse(msg));
            var at = e.getLocation();
            throw new InputException(what + " is not valid JSON"
                    + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")") + ": " + first);
        }
        if (n == null || !n.isObject()) throw new InputException(what + " must be a JSON object");
        return new JsonInput(n, "");
    }

    private String name(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    public boolean has(String field) {
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    private JsonNode get(String field, boolean required) {
        read.add(field);
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (required) throw new InputException("missing field " + name(field));
            return null;
        }
        return v;
    }

    /** The array at {@code field}; {@code what} says what it must be when it is not one ("an array of strings"). */
    private JsonNode array(String field, String what) {
        JsonNode v = get(field, true);
        if (!v.isArray()) throw new InputException(name(field) + " must be " + what);
        return v;
    }

    public double number(String field) {
        JsonNode v = get(field, true);
        if (!v.isNumber()) throw new InputException(name(field) + " must be a number, got " + v);
        double d = v.asDouble();
        if (!Double.isFinite(d)) throw new InputException(name(field) + " must be finite");
        return d;
    }

    public double number(String field, double dflt) {
        return has(field) ? number(field) : markRead(field, dflt);
    }

    private <T> T markRead(String field, T v) {
        read.add(field);
        return v;
    }

    public double positive(String field) {
        double d = number(field);
        if (!(d > 0)) throw new InputException(name(field) + " must be > 0, got " + fmt(d));
        return d;
    }

    public double nonNegative(String field, double dflt) {
        double d = number(field, dflt);
        if (!(d >= 0)) throw new InputException(name(field) + " must be ≥ 0, got " + fmt(d));
        return d;
    }

    public long integer(String field) {
        JsonNode v = get(field, true);
        if (!v.isIntegralNumber() && !(v.isNumber() && v.asDouble() == Math.rint(v.asDouble()))) {
            throw new InputException(name(field) + " must be an integer, got " + v);
        }
        return v.asLong();
    }

    public long integer(String field, long dflt) {
        return has(field) ? integer(field) : markRead(field, dflt);
    }

    public int intAtLeast(String field, int min) {
        long v = integer(field);
        if (v < min || v > Integer.MAX_VALUE) throw new InputException(name(field) + " must be an integer ≥ " + min + ", got " + v);
        return (int) v;
    }

    public int intAtLeast(String field, int min, int dflt) {
        return has(field) ? intAtLeast(field, min) : markRead(field, dflt);
    }

    public boolean bool(String field, boolean dflt) {
        if (!has(field)) return markRead(field, dflt);
        JsonNode v = get(field, true);
        if (!v.isBoolean()) throw new InputException(name(field) + " must be true or false, got " + v);
        return v.asBoolean();
    }

    public String text(String field) {
        JsonNode v = get(field, true);
        if (!v.isTextual() || v.asText().isBlank()) throw new InputException(name(field) + " must be a non-empty string");
        return v.asText();
    }

    public String text(String field, String dflt) {
        return has(field) ? text(field) : markRead(field, dflt);
    }

    public JsonInput object(String field) {
        JsonNode v = get(field, true);
        if (!v.isObject()) throw new InputException(name(field) + " must be an object");
        return new JsonInput(v, name(field));
    }

    public JsonInput objectOrNull(String field) {
        return has(field) ? object(field) : markRead(field, null);
    }

    public List<JsonInput> objects(String field) {
        JsonNode v = array(field, "an array");
        List<JsonInput> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            JsonNode e = v.get(i);
            String p = name(field) + "[" + i + "]";
            if (!e.isObject()) throw new InputException(p + " must be an object");
            out.add(new JsonInput(e, p));
        }
        return out;
    }

    public List<String> texts(String field) {
        JsonNode v = array(field, "an array of strings");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            JsonNode e = v.get(i);
            if (!e.isTextual()) throw new InputException(name(field) + "[" + i + "] must be a string");
            out.add(e.asText());
        }
        return out;
    }

    /** An array of finite numbers. */
    public double[] numbers(String field) {
        JsonNode v = array(field, "an array of numbers");
        double[] out = new double[v.size()];
        for (int i = 0; i < v.size(); i++) {
            JsonNode e = v.get(i);
            if (!e.isNumber() || !Double.isFinite(e.asDouble())) throw new InputException(name(field) + "[" + i + "] must be a finite number, got " + e);
            out[i] = e.asDouble();
        }
        return out;
    }

    /** An array of integers, each ≥ min (errors name the element, e.g. {@code batchSizes[2]}). */
    public int[] intsAtLeast(String field, int min) {
        JsonNode v = array(field, "an array of integers");
        int[] out = new int[v.size()];
        for (int i = 0; i < v.size(); i++) {
            JsonNode e = v.get(i);
            String p = name(field) + "[" + i + "]";
            if (!e.isNumber() || e.asDouble() != Math.rint(e.asDouble())) throw new InputException(p + " must be an integer, got " + e);
            if (e.asDouble() < min || e.asDouble() > Integer.MAX_VALUE) throw new InputException(p + " must be an integer ≥ " + min + ", got " + e);
            out[i] = e.asInt();
        }
        return out;
    }

    /** The fields of an object whose keys are data (e.g. batch size → latency). */
    public Iterator<String> keys() {
        return node.fieldNames();
    }

    /** A key of {@link #keys()} as an int (a batch size), or null when it is not one: the caller words the refusal. */
    public static Integer intKey(String key) {
        try {
            return Integer.parseInt(key);
        } catch (NumberFormatException notAnInt) {
            return null;
        }
    }

    public String fieldPath(String field) {
        return name(field);
    }

    /** Refuses fields that were never read: they are typos or unsupported options. */
    public void rejectUnknown() {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!read.contains(f)) throw new InputException("unknown field " + name(f));
        }
    }

    static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
