package io.baton.core.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a tensor's bytes live when they are not in the model file (ONNX TensorProto {@code data_location = EXTERNAL}
 * with {@code external_data} key/value entries). ONNX Runtime reads {@code length} bytes at {@code offset} of the
 * file {@code location}, resolved against the model's directory; this is what lets a model name any file, so the
 * suite's readers refuse it unless the file is one of the model's own ({@link ExternalDataScanner}).
 *
 * @param entries      the {@code external_data} entries in order (location, offset, length, checksum, or anything)
 * @param dataLocation the {@code data_location} enum value written (1 = EXTERNAL; 0 leaves the field out)
 */
public record ExternalData(List<Map.Entry<String, String>> entries, int dataLocation) {
    public static final int DEFAULT = 0, EXTERNAL = 1;

    public ExternalData {
        entries = List.copyOf(entries);
    }

    /** {@code length} bytes at {@code offset} of {@code location} (a negative offset or length leaves that key out). */
    public static ExternalData at(String location, long offset, long length) {
        List<Map.Entry<String, String>> e = new ArrayList<>();
        e.add(Map.entry("location", location));
        if (offset >= 0) e.add(Map.entry("offset", Long.toString(offset)));
        if (length >= 0) e.add(Map.entry("length", Long.toString(length)));
        return new ExternalData(e, EXTERNAL);
    }

    /** {@code data_location = EXTERNAL} with no entries at all. */
    public static ExternalData locationOnly() {
        return new ExternalData(List.of(), EXTERNAL);
    }

    /** Entries without {@code data_location} (the field left at its default). */
    public static ExternalData entriesOnly(String location) {
        return new ExternalData(List.of(Map.entry("location", location)), DEFAULT);
    }
}
