package io.baton.core.onnx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * Rewrites a model unpacked from a {@link ModelArchive} into one self-contained ModelProto: each tensor that points at
 * a data file gets those bytes as its {@code raw_data}, and loses its {@code external_data} and {@code data_location}.
 * For a reader that can only take a model as bytes (the profiler's measurements), so that ONNX Runtime reads no file
 * at all. Only for archives {@link ModelArchive#extract} accepted: every location is then one of the directory's data
 * files and its offset and length are inside it. Everything else in the model is copied byte for byte.
 */
public final class ExternalDataInliner {
    private static final int MODEL_GRAPH = 7, MODEL_TRAINING_INFO = 20, MODEL_FUNCTIONS = 25;
    private static final int TRAINING_INITIALIZATION = 1, TRAINING_ALGORITHM = 2;
    private static final int FUNCTION_NODE = 7, FUNCTION_ATTRIBUTE_PROTO = 11;
    private static final int GRAPH_NODE = 1, GRAPH_INITIALIZER = 5, GRAPH_SPARSE_INITIALIZER = 15;
    private static final int NODE_ATTRIBUTE = 5;
    private static final int ATTR_T = 5, ATTR_G = 6, ATTR_TENSORS = 10, ATTR_GRAPHS = 11, ATTR_SPARSE_TENSOR = 22,
            ATTR_SPARSE_TENSORS = 23;
    private static final int TENSOR_RAW_DATA = 9, TENSOR_EXTERNAL_DATA = 13, TENSOR_DATA_LOCATION = 14;
    private static final int SPARSE_VALUES = 1, SPARSE_INDICES = 2;
    private static final int ENTRY_KEY = 1, ENTRY_VALUE = 2;

    private enum Kind { MODEL, TRAINING, FUNCTION, GRAPH, NODE, ATTRIBUTE, SPARSE, TENSOR }

    private final Path directory;

    private ExternalDataInliner(Path directory) {
        this.directory = directory;
    }

    /** The directory's model with every external tensor's bytes inlined. */
    public static byte[] inline(ModelDirectory unpacked) {
        try (FileChannel channel = FileChannel.open(unpacked.model(), StandardOpenOption.READ)) {
            ByteBuffer model = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            return new ExternalDataInliner(unpacked.path()).rewrite(ProtoReader.of(model), Kind.MODEL).toBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ProtoWriter rewrite(ProtoReader r, Kind kind) {
        if (kind == Kind.TENSOR) return tensor(r);
        ProtoWriter w = new ProtoWriter();
        while (r.next()) {
            Kind inner = r.wireType() == ProtoReader.LENGTH_DELIMITED ? inner(kind, r.field()) : null;
            if (inner == null) {
                r.skip();
                w.raw(r.rawField());
            } else {
                int field = r.field();
                w.message(field, rewrite(r.message(), inner));
            }
        }
        return w;
    }

    /** The kind of message field {@code field} of a {@code kind} holds, when it may hold tensors; null otherwise. */
    private static Kind inner(Kind kind, int field) {
        return switch (kind) {
            case MODEL -> field == MODEL_GRAPH ? Kind.GRAPH : field == MODEL_TRAINING_INFO ? Kind.TRAINING
                    : field == MODEL_FUNCTIONS ? Kind.FUNCTION : null;
            case TRAINING -> field == TRAINING_INITIALIZATION || field == TRAINING_ALGORITHM ? Kind.GRAPH : null;
            case FUNCTION -> field == FUNCTION_NODE ? Kind.NODE : field == FUNCTION_ATTRIBUTE_PROTO ? Kind.ATTRIBUTE : null;
            case GRAPH -> field == GRAPH_NODE ? Kind.NODE : field == GRAPH_INITIALIZER ? Kind.TENSOR
                    : field == GRAPH_SPARSE_INITIALIZER ? Kind.SPARSE : null;
            case NODE -> field == NODE_ATTRIBUTE ? Kind.ATTRIBUTE : null;
            case ATTRIBUTE -> field == ATTR_T || field == ATTR_TENSORS ? Kind.TENSOR
                    : field == ATTR_G || field == ATTR_GRAPHS ? Kind.GRAPH
                    : field == ATTR_SPARSE_TENSOR || field == ATTR_SPARSE_TENSORS ? Kind.SPARSE : null;
            case SPARSE -> field == SPARSE_VALUES || field == SPARSE_INDICES ? Kind.TENSOR : null;
            case TENSOR -> null;
        };
    }

    private ProtoWriter tensor(ProtoReader r) {
        String location = null;
        long offset = 0, length = -1;
        boolean external = false;
        for (ProtoReader pre = r.restart(); pre.next(); ) {
            if (pre.field() == TENSOR_EXTERNAL_DATA && pre.wireType() == ProtoReader.LENGTH_DELIMITED) {
                external = true;
                Map.Entry<String, String> e = entry(pre.message());
                switch (e.getKey()) {
                    case "location" -> location = e.getValue();
                    case "offset" -> offset = Long.parseLong(e.getValue());
                    case "length" -> length = Long.parseLong(e.getValue());
                    default -> { }
                }
            } else if (pre.field() == TENSOR_DATA_LOCATION && pre.wireType() == ProtoReader.VARINT) {
                external |= pre.varint() != 0;
            } else {
                pre.skip();
            }
        }
        ProtoWriter w = new ProtoWriter();
        while (r.next()) {
            int field = r.field();
            r.skip();
            boolean drop = external && (field == TENSOR_EXTERNAL_DATA || field == TENSOR_DATA_LOCATION || field == TENSOR_RAW_DATA);
            if (!drop) w.raw(r.rawField());
        }
        if (external) {
            if (location == null) throw new ModelArchiveException("a tensor has external data but no location");
            w.bytes(TENSOR_RAW_DATA, read(location, offset, length));
        }
        return w;
    }

    private byte[] read(String location, long offset, long length) {
        if (ModelArchive.pathProblem(location) != null) throw new ModelArchiveException("location '" + location + "' is not an archive path");
        Path file = directory.resolve(location).normalize();
        if (!file.startsWith(directory)) throw new ModelArchiveException("location '" + location + "' is outside the archive");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            long size = channel.size();
            long n = length < 0 ? size - offset : length;
            if (offset < 0 || offset > size || n < 0 || n > size - offset || n > Integer.MAX_VALUE - 8) {
                throw new ModelArchiveException("location '" + location + "': offset " + offset + " and length " + n
                        + " do not fit its " + size + " bytes");
            }
            ByteBuffer bytes = ByteBuffer.allocate((int) n);
            while (bytes.hasRemaining()) {
                if (channel.read(bytes, offset + bytes.position()) < 0) throw new IOException("unexpected end of " + location);
            }
            return bytes.array();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map.Entry<String, String> entry(ProtoReader e) {
        String key = "", value = "";
        while (e.next()) {
            if (e.wireType() == ProtoReader.LENGTH_DELIMITED && e.field() == ENTRY_KEY) key = e.string(4096);
            else if (e.wireType() == ProtoReader.LENGTH_DELIMITED && e.field() == ENTRY_VALUE) value = e.string(4096);
            else e.skip();
        }
        return Map.entry(key, value);
    }
}
