package io.baton.scheduler.dispatch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.TensorSpec;
import io.baton.scheduler.catalog.CatalogVariant;
import io.baton.scheduler.web.ApiException;
import org.springframework.http.HttpStatus;

/**
 * Checks a request's tensors against its variant's inputs before it may join a batch: one bad request must never
 * fail the batch it would have shared. Every refusal names the tensor and what is wrong with it.
 */
final class InputCheck {

    private InputCheck() {
    }

    /** Every Open Inference Protocol datatype, as the protocol spells them. */
    static final List<String> DATATYPES = java.util.Arrays.stream(Datatype.values()).map(Datatype::name).toList();

    /**
     * The request's inputs in the variant's input order. For a variant that batches, every input has the request's
     * rows on axis 0 (as many in each, at most the variant's {@code maxBatchSize}); for one that does not, the tensors
     * are run as sent, any rank (a scalar is {@code "shape": []}).
     */
    static List<InferJob.Input> inputs(List<InferJob.Input> given, CatalogVariant variant) {
        if (given == null || given.isEmpty()) {
            throw bad("inputs", "must list the inputs of variant '" + variant.name() + "': " + names(variant.inputs()));
        }
        Map<String, Integer> at = new HashMap<>();
        for (int i = 0; i < given.size(); i++) {
            InferJob.Input in = given.get(i);
            if (in == null || in.name() == null || in.name().isBlank()) throw bad("inputs[" + i + "].name", "must be set");
            if (at.put(in.name(), i) != null) throw bad("inputs[" + i + "].name", "input '" + in.name() + "' is given twice");
        }
        List<TensorSpec> specs = variant.inputs();
        List<InferJob.Input> ordered = new ArrayList<>(specs.size());
        Long rows = null;
        for (TensorSpec spec : specs) {
            Integer i = at.remove(spec.name());
            if (i == null) {
                throw bad("inputs", "lacks input '" + spec.name() + "' of variant '" + variant.name() + "' (its inputs: "
                        + names(specs) + ")");
            }
            InferJob.Input in = given.get(i);
            String field = "inputs[" + i + "]";
            check(in, spec, field, variant);
            if (!variant.batchable()) {
                ordered.add(in);
                continue;
            }
            if (variant.maxBatchSize() != null && in.shape().get(0) > variant.maxBatchSize()) {
                throw bad(field + ".shape[0]", "input '" + in.name() + "' has " + in.shape().get(0) + " rows on the batch "
                        + "axis, more than variant '" + variant.name() + "' runs at once (maxBatchSize "
                        + variant.maxBatchSize() + ")");
            }
            if (rows != null && in.shape().get(0) != rows) {
                throw bad(field + ".shape", "input '" + in.name() + "' has " + in.shape().get(0)
                        + " rows on the batch axis but another input has " + rows + "; every input must have as many");
            }
            rows = in.shape().get(0);
            ordered.add(in);
        }
        if (!at.isEmpty()) {
            String extra = at.keySet().iterator().next();
            throw bad("inputs[" + at.get(extra) + "].name", "variant '" + variant.name() + "' has no input '" + extra
                    + "' (its inputs: " + names(specs) + ")");
        }
        return ordered;
    }

    static void outputs(List<String> wanted, CatalogVariant variant) {
        if (wanted == null) return;
        List<String> known = variant.outputs().stream().map(TensorSpec::name).toList();
        for (int i = 0; i < wanted.size(); i++) {
            if (!known.contains(wanted.get(i))) {
                throw bad("outputs[" + i + "]", "variant '" + variant.name() + "' has no output '" + wanted.get(i)
                        + "' (its outputs: " + known + ")");
            }
        }
    }

    private static void check(InferJob.Input in, TensorSpec spec, String field, CatalogVariant variant) {
        String name = "input '" + in.name() + "'";
        if (in.datatype() == null) throw bad(field + ".datatype", "must be set (" + name + " is " + spec.datatype() + ")");
        if (!in.datatype().equals(spec.datatype())) {
            throw bad(field + ".datatype", name + " is " + spec.datatype() + ", not " + in.datatype());
        }
        Datatype type = Datatype.named(spec.datatype());
        if (type == null) {
            throw bad(field + ".datatype", name + " is " + spec.datatype() + ", which is no Open Inference Protocol "
                    + "datatype (they are " + DATATYPES + ")");
        }
        List<Long> shape = in.shape();
        if (shape == null) throw bad(field + ".shape", "must be set (" + name + ": " + spec.shape() + ")");
        if (shape.isEmpty() && variant.batchable()) {
            throw bad(field + ".shape", name + " has rank 0 (shape []): a rank-0 tensor cannot batch, and variant '"
                    + variant.name() + "' is batchable (its inputs need the batch axis first: " + spec.shape() + ")");
        }
        if (shape.size() != spec.shape().size()) {
            throw bad(field + ".shape", name + " has rank " + spec.shape().size() + " " + spec.shape() + ", not "
                    + shape.size() + " " + shape);
        }
        long elements = 1;
        for (int d = 0; d < shape.size(); d++) {
            Long dim = shape.get(d);
            long want = spec.shape().get(d);
            if (dim == null || dim < 1) throw bad(field + ".shape[" + d + "]", "must be ≥ 1, got " + dim);
            if (want >= 0 && dim != want) {
                throw bad(field + ".shape[" + d + "]", name + " has " + want + " at dimension " + d + " (shape "
                        + spec.shape() + "), not " + dim);
            }
            elements = Math.multiplyExact(elements, dim);
        }
        boolean hasData = in.data() != null && !in.data().isNull();
        int carriers = (hasData ? 1 : 0) + (in.base64() != null ? 1 : 0) + (in.raw() != null ? 1 : 0);
        if (carriers != 1) {
            throw bad(field, name + " needs exactly one of data (a JSON array) and base64");
        }
        if (hasData) {
            if (!in.data().isArray() && !(shape.isEmpty() && isElement(in.data(), type))) {
                throw bad(field + ".data", name + ": data must be a JSON array");
            }
            long[] count = {0};
            if (in.data().isArray()) countElements(in.data(), type, field + ".data", name, count);
            else count[0] = 1;
            if (count[0] != elements) {
                throw bad(field + ".data", name + " of shape " + shape + " needs " + elements + " elements, got " + count[0]);
            }
            return;
        }
        String carrier = in.raw() != null ? field + ".raw" : field + ".base64";
        if (!type.fixedWidth()) {
            long strings = in.raw() != null ? byteStrings(java.nio.ByteBuffer.wrap(in.raw())) : byteStrings(in.base64());
            if (strings == -1) {
                throw bad(carrier, name + ": not base64 (standard alphabet, padded to a multiple of 4 characters)");
            }
            if (strings == -2) {
                throw bad(carrier, name + ": not BYTES in binary form (each element a 4-byte little-endian "
                        + "length, then that many bytes): an element runs past the end");
            }
            if (strings != elements) {
                throw bad(carrier, name + " of shape " + shape + " needs " + elements + " BYTES elements, got "
                        + strings);
            }
        } else {
            int width = type.bytes();
            long bytes = in.raw() != null ? in.raw().length : base64Length(in.base64());
            if (bytes < 0) {
                throw bad(carrier, name + ": not base64 (standard alphabet, padded to a multiple of 4 characters)");
            }
            if (bytes != elements * width) {
                throw bad(carrier, name + " of shape " + shape + " needs " + elements * width + " bytes of "
                        + spec.datatype() + ", got " + bytes);
            }
        }
    }

    /**
     * The number of bytes a base64 string decodes to, or -1 when it is not valid base64. A scan, not a decode: the
     * bytes travel to the worker as they came, and the worker decodes them once.
     */
    static long base64Length(String s) {
        int n = s.length();
        if (n % 4 != 0) return -1;
        int padding = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            boolean alphabet = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
            if (c == '=' && i >= n - 2) {
                padding++;
            } else if (!alphabet || padding > 0) {
                return -1;
            }
        }
        return n / 4 * 3L - padding;
    }

    /**
     * The elements of BYTES in binary form (per element a 4-byte little-endian length, then that many bytes), or -1
     * when the text is not base64, -2 when an element runs past the end. The only tensor decoded here: its byte count
     * says nothing of its element count.
     */
    static long byteStrings(String base64) {
        if (base64Length(base64) < 0) return -1;
        return byteStrings(java.nio.ByteBuffer.wrap(java.util.Base64.getDecoder().decode(base64)));
    }

    /** The elements of BYTES in binary form held as bytes, or -2 when an element runs past the end. */
    static long byteStrings(java.nio.ByteBuffer binary) {
        java.nio.ByteBuffer bytes = binary.duplicate().order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long n = 0;
        while (bytes.hasRemaining()) {
            if (bytes.remaining() < 4) return -2;
            long length = Integer.toUnsignedLong(bytes.getInt());
            if (length > bytes.remaining()) return -2;
            bytes.position(bytes.position() + (int) length);
            n++;
        }
        return n;
    }

    /** JSON's form of an element: a string for BYTES, true/false for BOOL, a number for every other datatype. */
    private static boolean isElement(JsonNode v, Datatype type) {
        return switch (type) {
            case BYTES -> v.isTextual();
            case BOOL -> v.isBoolean();
            default -> v.isNumber();
        };
    }

    private static void countElements(JsonNode node, Datatype type, String field, String name, long[] count) {
        for (JsonNode v : node) {
            if (v.isArray()) {
                countElements(v, type, field, name, count);
            } else if (isElement(v, type)) {
                count[0]++;
            } else {
                String form = type == Datatype.BYTES ? "a string" : type == Datatype.BOOL ? "true or false" : "a number";
                throw bad(field, name + ": every " + type + " element must be " + form + ", got " + v);
            }
        }
    }

    private static String names(List<TensorSpec> specs) {
        return specs.stream().map(TensorSpec::name).toList().toString();
    }

    private static ApiException bad(String field, String detail) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", field + ": " + detail).withField(field);
    }
}
