package io.baton.core.json;

import java.lang.reflect.Field;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ArrayNode;

/**
 * Jackson's refusals in the user's terms: which JSON value is wrong and what kind of JSON it must be ("sloMs must be
 * a number, got a string", "scopes[0] must be one of admin, infer", "the body must be a JSON object"), never a Java
 * type name. Shared by the services' problem handlers (registry, profiler). Values the client sent are not echoed (only their JSON kind), so a misplaced secret is not repeated.
 */
public final class JsonProblems {

    private JsonProblems() {
    }

    /** The refusal of a parser limit (nesting depth, number or string length), or null when it is not one. */
    public static String limit(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof StreamConstraintsException limit) {
                String m = String.valueOf(limit.getOriginalMessage());
                if (m.contains("nesting depth")) return "the body nests too deeply (at most 1000 levels of arrays and objects)";
                if (m.contains("Number value length")) return "a number in the body has too many digits";
                if (m.contains("String value length")) return "a string in the body is too long";
                if (m.contains("Name length")) return "a field name in the body is too long";
                return "the body exceeds a limit of the JSON reader";
            }
            if (t.getCause() == t) break;
        }
        return null;
    }

    /**
     * A parser's message without its internals: "(for Array starting at [Source: REDACTED (`StreamReadFeature…`
     * disabled); line: 1, column: 6])" becomes "(for Array starting at line 1, column 6)", advice to enable a Jackson
     * feature is dropped, and a message still naming Java or Jackson types is replaced by "unexpected input".
     */
    public static String plain(String message) {
        if (message == null) return "unexpected input";
        String m = message.replaceAll("\\[Source: .*?line: (\\d+), column: (\\d+)]", "line $1, column $2")
                .replaceAll("[:;,]?\\s*(enable|use) `[^`]*`.*$", "")
                .replaceAll("\\s*\\(not recognized as one since Feature .*$", "")
                .strip();
        if (m.isEmpty() || m.contains("`") || m.contains("java.") || m.contains("com.fasterxml") || m.contains("Feature")) {
            return "unexpected input";
        }
        return m;
    }

    /** What is wrong with the value at {@code field} (a JSON path; empty: the whole body). */
    public static String describe(JsonMappingException e, String field) {
        for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof InputCoercionException range) { // a whole number past int's or long's range
                String bounds = range.getTargetType() == Integer.TYPE || range.getTargetType() == Integer.class
                        ? " from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
                        : " from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
                return (field.isEmpty() ? "the body" : field) + " must be a whole number" + bounds;
            }
        }
        Class<?> target = e instanceof MismatchedInputException mismatch ? mismatch.getTargetType() : null;
        String got = got(e);
        if (field.isEmpty()) {
            if (target == null || expected(target).equals("must be an object")) {
                return "the body must be a JSON object" + (got == null ? "" : ", got " + got);
            }
            return "the body " + expected(target) + (got == null ? "" : ", got " + got);
        }
        if (target == null) return field + " has an invalid value" + (got == null ? "" : " (" + got + ")");
        return field + " " + expected(target) + (got == null ? "" : ", got " + got);
    }

    /** The JSON kind {@code type} is read from, as "must be …". */
    public static String expected(Class<?> type) {
        if (type.isEnum()) return "must be one of " + String.join(", ", enumValues(type));
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == Short.class || type == short.class || type == Byte.class || type == byte.class
                || type == java.math.BigInteger.class) {
            return "must be a whole number";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) return "must be a number";
        if (type == Boolean.class || type == boolean.class) return "must be true or false";
        if (CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class) {
            return "must be a string";
        }
        if (Temporal.class.isAssignableFrom(type)) return "must be a date-time such as 2026-01-31T12:00:00Z";
        if (type.isArray() || Collection.class.isAssignableFrom(type) || ArrayNode.class.isAssignableFrom(type)) {
            return "must be an array";
        }
        if (JsonNode.class == type) return "must be JSON";
        return "must be an object"; // records, maps, ObjectNode
    }

    /** An enum's values as JSON spells them ({@code @JsonProperty} names where given). */
    private static List<String> enumValues(Class<?> type) {
        List<String> names = new ArrayList<>();
        for (Object constant : type.getEnumConstants()) {
            String name = ((Enum<?>) constant).name();
            try {
                Field f = type.getField(name);
                JsonProperty p = f.getAnnotation(JsonProperty.class);
                if (p != null && !p.value().isEmpty()) name = p.value();
            } catch (NoSuchFieldException ignored) {
                // keep the constant's name
            }
            names.add(name);
        }
        return names;
    }

    /** The JSON kind the client gave, when Jackson knows it cheaply. */
    private static String got(JsonMappingException e) {
        if (e instanceof InvalidFormatException format && format.getValue() != null) {
            Object v = format.getValue();
            if (v instanceof CharSequence) return "a string";
            if (v instanceof Integer || v instanceof Long || v instanceof java.math.BigInteger) return "a whole number";
            if (v instanceof Number) return "a number";
            if (v instanceof Boolean) return "true or false";
            return null;
        }
        // a refused coercion (StrictJson): "Cannot coerce String value ("100") to `java.lang.Double` value ..."
        String coerced = String.valueOf(e.getOriginalMessage());
        if (coerced.startsWith("Cannot coerce String") || coerced.startsWith("Cannot coerce empty String")) return "a string";
        if (coerced.startsWith("Cannot coerce Floating-point")) return "a number";
        if (coerced.startsWith("Cannot coerce Integer")) return "a whole number";
        if (coerced.startsWith("Cannot coerce Boolean")) return "true or false";
        JsonToken token = e.getProcessor() instanceof JsonParser parser ? parser.currentToken() : null;
        if (token == null) {
            // Jackson names the token in its message: "... from Array value (token `JsonToken.START_ARRAY`)"
            String message = String.valueOf(e.getOriginalMessage());
            for (JsonToken t : JsonToken.values()) {
                if (message.contains("JsonToken." + t.name() + "`")) token = t;
            }
        }
        if (token == null) {
            // or by its shape: "no String-argument constructor/factory method to deserialize from String value"
            String message = String.valueOf(e.getOriginalMessage());
            if (message.contains("from String value")) return "a string";
            if (message.contains("from Array value")) return "an array";
            if (message.contains("from Object value")) return "an object";
            if (message.contains("from Integer value") || message.contains("from Number value")) return "a number";
            if (message.contains("from Floating-point value")) return "a number";
            if (message.contains("from Boolean value")) return "true or false";
            return null;
        }
        return switch (token) {
            case START_ARRAY -> "an array";
            case START_OBJECT -> "an object";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT -> "a whole number";
            case VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "true or false";
            case VALUE_NULL -> "null";
            default -> null;
        };
    }
}
