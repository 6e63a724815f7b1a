package io.baton.gateway;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;

/**
 * A JSON parse error in words a client can act on: what is wrong and where (line and column), without the parser's
 * own vocabulary (its feature and class names, its {@code [Source: ...]} locations).
 */
public final class JsonErrors {

    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)'");
    private static final Pattern SOURCE = Pattern.compile("\\s*\\(?(start marker at )?\\[Source:[^\\]]*\\]\\)?");
    private static final Pattern FEATURE = Pattern.compile("[;:,]?\\s*(\\(?(enable|disable)[^`]*)?`[^`]*`[^;)\\n]*\\)?");
    private static final Pattern NON_NUMERIC = Pattern.compile("'(NaN|[+-]?INF|[+-]?Infinity)'");

    private JsonErrors() {
    }

    /** The message for a JSON body that could not be read, e.g. {@code malformed JSON at line 1, column 2: ...}. */
    public static String describe(JsonProcessingException e) {
        String where = where(e.getLocation());
        String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (e instanceof StreamConstraintsException) {
            if (original.contains("nesting depth")) {
                return "the request body nests too deeply" + where + " (at most 1000 levels of arrays and objects)";
            }
            if (original.startsWith("Number value length")) {
                return "a number in the request body has too many digits" + where + " (at most 1000)";
            }
            if (original.startsWith("Name length")) {
                return "a key in the request body is too long" + where;
            }
            if (original.startsWith("String value length")) {
                return "a string in the request body is too long" + where;
            }
            return "the request body is too large to read" + where;
        }
        Matcher duplicate = DUPLICATE.matcher(original);
        if (duplicate.find()) {
            return "malformed JSON" + where + ": the key '" + duplicate.group(1) + "' is given twice in one object";
        }
        if (original.startsWith("Trailing token")) {
            return "malformed JSON" + where + ": more content after the end of the JSON document";
        }
        if (original.contains("ALLOW_COMMENTS")) {
            return "malformed JSON" + where + ": comments are not allowed in JSON";
        }
        Matcher nonNumeric = NON_NUMERIC.matcher(original);
        if (nonNumeric.find() && original.contains("Non-standard token")) {
            return "malformed JSON" + where + ": " + nonNumeric.group(1) + " is not a JSON number; JSON tensor data "
                    + "must be finite numbers";
        }
        return "malformed JSON" + where + ": " + plain(original);
    }

    /** The parser's message with its source locations and feature hints taken out, on one line. */
    static String plain(String message) {
        String m = message;
        int newline = m.indexOf('\n');
        if (newline >= 0) {
            m = m.substring(0, newline);
        }
        m = SOURCE.matcher(m).replaceAll("");
        m = FEATURE.matcher(m).replaceAll("");
        m = m.replaceAll("\\s*\\(not recognized as one since Feature [^)]*\\)", "");
        m = m.replace("Unexpected end-of-input", "the body ends early")
                .replace("expected close marker for Object", "an object is not closed")
                .replace("expected close marker for Array", "an array is not closed");
        m = m.strip();
        return m.isEmpty() ? "not valid JSON" : m;
    }

    private static String where(JsonLocation at) {
        if (at == null || at.getLineNr() < 1) {
            return "";
        }
        return " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    }
}
