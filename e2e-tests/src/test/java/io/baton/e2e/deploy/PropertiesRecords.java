package io.baton.e2e.deploy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The property names a module's {@code @ConfigurationProperties} records bind, read from their Java source: each
 * record component becomes {@code prefix.kebab-name}, and a component whose type is another record of the module
 * (as {@code GatewayProperties.Resilience}) contributes that record's components under its own name.
 */
final class PropertiesRecords {

    private static final Pattern ANNOTATED = Pattern.compile(
            "@ConfigurationProperties\\(\\s*(?:(?:prefix|value)\\s*=\\s*)?\"([^\"]+)\"\\s*\\)[^;{]*?\\brecord\\s+(\\w+)\\s*\\(");
    private static final Pattern RECORD = Pattern.compile("\\brecord\\s+(\\w+)\\s*\\(");
    private static final Pattern ANNOTATION = Pattern.compile("@[\\w.]+(\\([^)]*\\))?");
    /**
     * A character or string literal (kept: a default such as {@code "http://host"} holds a {@code //}), or a comment.
     */
    private static final Pattern COMMENT = Pattern.compile(
            "'(?:\\\\.|[^'\\\\])'|\"(?:\\\\.|[^\"\\\\])*\"|/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    private PropertiesRecords() {}

    /** Every leaf property the annotated records in {@code sources} bind. */
    static Set<String> propertyNames(List<String> sources) {
        Map<String, List<Component>> records = new LinkedHashMap<>();
        Map<String, String> prefixes = new LinkedHashMap<>();
        for (String raw : sources) {
            String source = withoutComments(raw);
            String code = withoutStrings(source);
            Matcher r = RECORD.matcher(code);
            while (r.find()) {
                records.put(r.group(1), components(code, r.end()));
            }
            Matcher a = ANNOTATED.matcher(source);
            while (a.find()) {
                prefixes.put(a.group(2), a.group(1));
            }
        }
        Set<String> names = new TreeSet<>();
        prefixes.forEach((record, prefix) -> collect(prefix, record, records, names, 0));
        return names;
    }

    /** {@code source} with its comments blanked out and its string literals kept. */
    static String withoutComments(String source) {
        return COMMENT.matcher(source).replaceAll(m -> m.group().startsWith("/") ? " " : Matcher.quoteReplacement(m.group()));
    }

    /**
     * {@code source} with every string literal emptied: an annotation's text may hold parentheses (a {@code @Schema}
     * description), which would otherwise end the annotation, or the record's header, early.
     */
    static String withoutStrings(String source) {
        return source.replaceAll("\"(?:\\\\.|[^\"\\\\])*\"", "\"\"");
    }

    private record Component(String type, String name) {}

    private static void collect(String prefix, String record, Map<String, List<Component>> records, Set<String> out, int depth) {
        if (depth > 8) {
            throw new AssertionError("records nest deeper than 8 under " + prefix);
        }
        for (Component c : records.get(record)) {
            String name = prefix + "." + kebab(c.name());
            if (records.containsKey(c.type())) {
                collect(name, c.type(), records, out, depth + 1);
            } else {
                out.add(name);
            }
        }
    }

    /** The components between the parentheses opened just before {@code from}, split at top-level commas. */
    private static List<Component> components(String source, int from) {
        int depth = 1;
        int i = from;
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (; i < source.length() && depth > 0; i++) {
            char ch = source.charAt(i);
            if (ch == '(' || ch == '<') depth++;
            if (ch == ')' || ch == '>') depth--;
            if (depth == 0) break;
            if (ch == ',' && depth == 1) {
                parts.add(current.toString());
                current.setLength(0);
            } else {
                current.append(ch);
            }
        }
        parts.add(current.toString());
        List<Component> out = new ArrayList<>();
        for (String part : parts) {
            String p = ANNOTATION.matcher(part).replaceAll(" ").replaceAll("<.*>", "").trim();
            if (p.isEmpty()) continue;
            String[] tokens = p.split("\\s+");
            String type = tokens[tokens.length - 2];
            out.add(new Component(type.substring(type.lastIndexOf('.') + 1), tokens[tokens.length - 1]));
        }
        return out;
    }

    static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase();
    }
}
