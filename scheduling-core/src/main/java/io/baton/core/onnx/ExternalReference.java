package io.baton.core.onnx;

import java.util.List;
import java.util.Map;

/**
 * A tensor of a model that says its bytes are outside the model: it has {@code external_data} entries or a
 * {@code data_location} other than DEFAULT.
 *
 * @param where        where the tensor is, e.g. {@code graph 'main' initializer 'w'} or {@code graph 'main' node
 *                     'loop' attribute 'body' → graph 'body' initializer 'x'}
 * @param tensor       the tensor's own name (may be empty: a Constant's value needs none)
 * @param entries      its {@code external_data} entries as written (keys and values cut at a few hundred bytes), the
 *                     first few only when it has many
 * @param dataLocation its {@code data_location} (0 DEFAULT, 1 EXTERNAL; another number as written)
 * @param entryCount   how many {@code external_data} entries it has in all: more than {@code entries} holds means some
 *                     were not kept, and ONNX Runtime reads the <em>last</em> {@code location}, which may be one of those
 */
public record ExternalReference(String where, String tensor, List<Map.Entry<String, String>> entries, long dataLocation,
                                long entryCount) {

    public ExternalReference {
        entries = List.copyOf(entries);
        if (entryCount < entries.size()) throw new IllegalArgumentException("entryCount " + entryCount + " < " + entries.size() + " entries");
    }

    /** All entries kept. */
    public ExternalReference(String where, String tensor, List<Map.Entry<String, String>> entries, long dataLocation) {
        this(where, tensor, entries, dataLocation, entries.size());
    }

    /** Whether every entry is in {@link #entries()}: only then do {@link #location()} and {@link #value} say what ONNX Runtime reads. */
    public boolean allEntriesKept() {
        return entryCount == entries.size();
    }

    /** A key that appears more than once among the entries (ONNX Runtime takes its last value), or null. */
    public String repeatedKey() {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Map.Entry<String, String> e : entries) if (!seen.add(e.getKey())) return e.getKey();
        return null;
    }

    /** The file the tensor names (the last {@code location} entry, as ONNX Runtime reads it), or null. */
    public String location() {
        return value("location");
    }

    /** The value of the last entry with this key, or null. */
    public String value(String key) {
        String found = null;
        for (Map.Entry<String, String> e : entries) if (e.getKey().equals(key)) found = e.getValue();
        return found;
    }

    /** One line for a person: where the tensor is and what it points at, with control characters made visible. */
    public String describe() {
        String location = location();
        String target = location != null ? "location '" + printable(location) + "'"
                : entries.isEmpty() ? "data_location " + (dataLocation == 1 ? "EXTERNAL" : dataLocation) + " with no location"
                : "external_data without a location";
        return where + " points outside the model: " + target;
    }

    /** Control characters as \\uXXXX, at most 200 characters: names come from the bytes of an untrusted model. */
    static String printable(String text) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (; i < text.length() && b.length() < 200; i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return i < text.length() ? b + "…" : b.toString();
    }
}
