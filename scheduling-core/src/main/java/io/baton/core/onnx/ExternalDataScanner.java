package io.baton.core.onnx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds every tensor of a serialised ONNX model (ModelProto) that says its bytes are outside the model, before ONNX
 * Runtime sees it: ONNX Runtime reads such a tensor's {@code location} as a file path (absolute, or relative to the
 * model's directory, {@code ..} included) and so would hand any readable host file to whoever uploaded the model.
 *
 * <p>Every place onnx.proto lets a TensorProto live is walked: the main graph's initializers and sparse initializers
 * (values and indices), the tensors of node attributes ({@code t}, {@code tensors}, {@code sparse_tensor},
 * {@code sparse_tensors}), the graphs of node attributes ({@code g}, {@code graphs}: If, Loop and Scan bodies, to any
 * depth), the nodes and default attributes of every model-local function, and both graphs of every training_info. A
 * tensor counts when it has any {@code external_data} entry or any non-zero {@code data_location} (each occurrence of a
 * repeated-by-mistake field is looked at, since protobuf merges them).
 *
 * <p>Hostile bytes: the walk is linear in the input (fields it has no interest in are skipped by their length, never
 * parsed), message nesting is bounded by {@link #MAX_DEPTH} (protobuf's own default), at most {@link #MAX_REPORTED}
 * references are kept (the rest are counted), and malformed input is a {@link MalformedModelException} saying where.
 */
public final class ExternalDataScanner {
    /** Deepest message nesting accepted; protobuf's parsers (ONNX Runtime's included) stop at 100 as well. */
    public static final int MAX_DEPTH = 100;
    /** References kept in a {@link Result}; beyond this they are only counted. */
    public static final int MAX_REPORTED = 100;
    /** external_data entries kept per tensor (the rest are counted: {@link ExternalReference#entryCount()}). */
    private static final int MAX_ENTRIES = 16, NAME_BYTES = 256, VALUE_BYTES = 4096;

    // onnx.proto field numbers, by message.
    private static final int MODEL_GRAPH = 7, MODEL_TRAINING_INFO = 20, MODEL_FUNCTIONS = 25;
    private static final int TRAINING_INITIALIZATION = 1, TRAINING_ALGORITHM = 2;
    private static final int FUNCTION_NAME = 1, FUNCTION_NODE = 7, FUNCTION_ATTRIBUTE_PROTO = 11;
    private static final int GRAPH_NODE = 1, GRAPH_NAME = 2, GRAPH_INITIALIZER = 5, GRAPH_SPARSE_INITIALIZER = 15;
    private static final int NODE_NAME = 3, NODE_OP_TYPE = 4, NODE_ATTRIBUTE = 5;
    private static final int ATTR_NAME = 1, ATTR_T = 5, ATTR_G = 6, ATTR_TENSORS = 10, ATTR_GRAPHS = 11,
            ATTR_SPARSE_TENSOR = 22, ATTR_SPARSE_TENSORS = 23;
    private static final int TENSOR_NAME = 8, TENSOR_EXTERNAL_DATA = 13, TENSOR_DATA_LOCATION = 14;
    private static final int SPARSE_VALUES = 1, SPARSE_INDICES = 2;
    private static final int ENTRY_KEY = 1, ENTRY_VALUE = 2;

    /**
     * What a scan found.
     *
     * @param references the first tensors pointing outside ({@link #MAX_REPORTED} unless asked otherwise), in the order of the bytes
     * @param count      how many there are in all
     */
    public record Result(List<ExternalReference> references, long count) {
        public Result {
            references = List.copyOf(references);
        }

        public boolean pointsOutside() {
            return count > 0;
        }

        /** A sentence naming the first reference and how many there are; empty when there are none. */
        public String describe() {
            if (count == 0) return "";
            String first = references.get(0).describe();
            return count == 1 ? first : first + " (and " + (count - 1) + " more tensor" + (count == 2 ? "" : "s") + " like it)";
        }
    }

    /**
     * Where a message is, as a chain of steps written out only when a tensor is reported: building the text at every
     * node would cost time in proportion to depth times nodes, which a hostile model controls.
     */
    private record Where(Where parent, String step) {
        static Where root(String step) {
            return new Where(null, step);
        }

        Where root() {
            Where w = this;
            while (w.parent != null) w = w.parent;
            return w;
        }

        Where then(String next) {
            return new Where(this, next);
        }

        @Override
        public String toString() {
            List<String> steps = new ArrayList<>();
            for (Where w = this; w != null; w = w.parent) steps.add(w.step);
            java.util.Collections.reverse(steps);
            return String.join("", steps);
        }
    }

    private final List<ExternalReference> found = new ArrayList<>();
    private final int keep;
    private long count;

    private ExternalDataScanner(int keep) {
        this.keep = keep;
    }

    public static Result scan(byte[] model) {
        return scan(ByteBuffer.wrap(model), MAX_REPORTED);
    }

    /** Scans the buffer from 0 to its limit (a heap buffer, or a mapped file: nothing is copied), keeping {@code keep} references. */
    public static Result scan(ByteBuffer model, int keep) {
        ExternalDataScanner s = new ExternalDataScanner(keep);
        s.model(ProtoReader.of(model.duplicate()));
        return new Result(s.found, s.count);
    }

    public static Result scan(Path model) {
        return scan(model, MAX_REPORTED);
    }

    /** Scans a model file, mapped rather than read (a model may be as large as an upload may be). */
    public static Result scan(Path model, int keep) {
        try (FileChannel channel = FileChannel.open(model, StandardOpenOption.READ)) {
            if (channel.size() > Integer.MAX_VALUE) {
                throw new MalformedModelException("a single ONNX protobuf is at most 2 GiB; " + model.getFileName() + " has "
                        + channel.size() + " bytes");
            }
            return scan(channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size()), keep);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void model(ProtoReader m) {
        int training = 0;
        while (m.nextLengthDelimited()) {
            switch (m.field()) {
                case MODEL_GRAPH -> graph(m.message(), null, 1);
                case MODEL_TRAINING_INFO -> trainingInfo(m.message(), Where.root("training_info[" + training++ + "]"), 1);
                case MODEL_FUNCTIONS -> function(m.message(), 1);
                default -> m.skip();
            }
        }
    }

    private void trainingInfo(ProtoReader t, Where where, int depth) {
        checkDepth(depth, where);
        while (t.next()) {
            if (t.wireType() == ProtoReader.LENGTH_DELIMITED && t.field() == TRAINING_INITIALIZATION) {
                graph(t.message(), where.then(" initialization → "), depth + 1);
            } else if (t.wireType() == ProtoReader.LENGTH_DELIMITED && t.field() == TRAINING_ALGORITHM) {
                graph(t.message(), where.then(" algorithm → "), depth + 1);
            } else {
                t.skip();
            }
        }
    }

    private void function(ProtoReader f, int depth) {
        Where where = Where.root("function " + quote(firstString(f, FUNCTION_NAME)));
        checkDepth(depth, where);
        while (f.next()) {
            if (f.wireType() == ProtoReader.LENGTH_DELIMITED && f.field() == FUNCTION_NODE) {
                node(f.message(), where, depth + 1);
            } else if (f.wireType() == ProtoReader.LENGTH_DELIMITED && f.field() == FUNCTION_ATTRIBUTE_PROTO) {
                attribute(f.message(), where.then(" default"), depth + 1);
            } else {
                f.skip();
            }
        }
    }

    /** {@code holder} is where the graph is held (null for the main graph, "… attribute 'body' → " for a body). */
    private void graph(ProtoReader g, Where holder, int depth) {
        String step = "graph " + quote(firstString(g, GRAPH_NAME));
        Where where = holder == null ? Where.root(step) : holder.then(step);
        checkDepth(depth, where);
        while (g.nextLengthDelimited()) {
            switch (g.field()) {
                case GRAPH_NODE -> node(g.message(), where, depth + 1);
                case GRAPH_INITIALIZER -> tensor(g.message(), where, "initializer", depth + 1);
                case GRAPH_SPARSE_INITIALIZER -> sparse(g.message(), where, "sparse initializer", depth + 1);
                default -> g.skip();
            }
        }
    }

    private void node(ProtoReader n, Where parent, int depth) {
        String name = firstString(n, NODE_NAME);
        Where where = parent.then(" node " + (name.isEmpty() ? "of type " + quote(firstString(n, NODE_OP_TYPE)) : quote(name)));
        checkDepth(depth, where);
        while (n.next()) {
            if (n.wireType() == ProtoReader.LENGTH_DELIMITED && n.field() == NODE_ATTRIBUTE) {
                attribute(n.message(), where, depth + 1);
            } else {
                n.skip();
            }
        }
    }

    private void attribute(ProtoReader a, Where parent, int depth) {
        Where where = parent.then(" attribute " + quote(firstString(a, ATTR_NAME)));
        checkDepth(depth, where);
        while (a.nextLengthDelimited()) {
            switch (a.field()) {
                case ATTR_T, ATTR_TENSORS -> tensor(a.message(), where, null, depth + 1);
                case ATTR_SPARSE_TENSOR, ATTR_SPARSE_TENSORS -> sparse(a.message(), where, null, depth + 1);
                case ATTR_G, ATTR_GRAPHS -> graph(a.message(), where.then(" → "), depth + 1);
                default -> a.skip();
            }
        }
    }

    /** {@code kind} is "initializer" and the like, or null for a tensor held by an attribute (named by it). */
    private void sparse(ProtoReader s, Where parent, String kind, int depth) {
        checkDepth(depth, parent);
        while (s.next()) {
            if (s.wireType() == ProtoReader.LENGTH_DELIMITED && (s.field() == SPARSE_VALUES || s.field() == SPARSE_INDICES)) {
                String part = s.field() == SPARSE_VALUES ? "values" : "indices";
                tensor(s.message(), parent, kind, depth + 1, part);
            } else {
                s.skip();
            }
        }
    }

    private void tensor(ProtoReader t, Where parent, String kind, int depth) {
        tensor(t, parent, kind, depth, null);
    }

    private void tensor(ProtoReader t, Where parent, String kind, int depth, String sparsePart) {
        checkDepth(depth, parent);
        String name = "";
        List<Map.Entry<String, String>> entries = new ArrayList<>();
        long entryCount = 0;
        long dataLocation = 0;
        boolean nonDefaultLocation = false;
        while (t.next()) {
            switch (t.field()) {
                case TENSOR_NAME -> {
                    if (t.wireType() == ProtoReader.LENGTH_DELIMITED) name = t.string(NAME_BYTES);
                    else t.skip();
                }
                case TENSOR_EXTERNAL_DATA -> {
                    requireWireType(t, ProtoReader.LENGTH_DELIMITED, parent, "external_data");
                    entryCount++;
                    Map.Entry<String, String> entry = entry(t.message(), depth + 1, parent);
                    if (entries.size() < MAX_ENTRIES) entries.add(entry);
                }
                case TENSOR_DATA_LOCATION -> {
                    requireWireType(t, ProtoReader.VARINT, parent, "data_location");
                    long value = t.varint();
                    if (value != 0) {
                        nonDefaultLocation = true;
                        dataLocation = value;
                    }
                }
                default -> t.skip();
            }
        }
        if (entryCount == 0 && !nonDefaultLocation) return;
        String where = kind == null ? parent + (name.isEmpty() ? "" : " tensor " + quote(name))
                : parent + " " + kind + " " + quote(name);
        if (sparsePart != null) where += " " + sparsePart;
        count++;
        if (found.size() < keep) found.add(new ExternalReference(where, name, entries, dataLocation, entryCount));
    }

    private Map.Entry<String, String> entry(ProtoReader e, int depth, Where parent) {
        checkDepth(depth, parent);
        String key = "", value = "";
        while (e.next()) {
            if (e.wireType() == ProtoReader.LENGTH_DELIMITED && e.field() == ENTRY_KEY) key = e.string(NAME_BYTES);
            else if (e.wireType() == ProtoReader.LENGTH_DELIMITED && e.field() == ENTRY_VALUE) value = e.string(VALUE_BYTES);
            else e.skip();
        }
        return Map.entry(key, value);
    }

    /** The first length-delimited {@code field} of the message as text ("" when absent), read ahead of the walk. */
    private static String firstString(ProtoReader message, int field) {
        ProtoReader r = message.restart();
        while (r.next()) {
            if (r.field() == field && r.wireType() == ProtoReader.LENGTH_DELIMITED) return r.string(NAME_BYTES);
            r.skip();
        }
        return "";
    }

    private static void requireWireType(ProtoReader t, int wireType, Where where, String field) {
        if (t.wireType() != wireType) {
            throw new MalformedModelException("not a well-formed ONNX model: a tensor of " + where + " has "
                    + field + " of wire type " + t.wireType() + " at byte " + t.position());
        }
    }

    private static void checkDepth(int depth, Where where) {
        if (depth > MAX_DEPTH) {
            throw new MalformedModelException("not a well-formed ONNX model: messages nested deeper than " + MAX_DEPTH
                    + " levels (at " + ExternalReference.printable(where.root().toString()) + " …)");
        }
    }

    private static String quote(String name) {
        return "'" + ExternalReference.printable(name) + "'";
    }
}
