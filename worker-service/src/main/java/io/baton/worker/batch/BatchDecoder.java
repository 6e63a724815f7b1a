package io.baton.worker.batch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.commons.tensor.ByteOrders;
import io.baton.commons.tensor.ByteStrings;
import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.ElementException;
import io.baton.commons.tensor.JsonTensors;
import io.baton.core.ort.UnsignedTensors;
import io.baton.worker.batch.BatchRequest.InputTensor;
import io.baton.worker.cache.ModelSignature;
import io.baton.worker.cache.TensorSpec;
import io.baton.worker.runtime.ServedTypes;

/**
 * Checks a batch request against the model's signature and concatenates each input's parts along the batch axis
 * into one direct buffer (strings, for BYTES), ready for ONNX Runtime; a request that is not batched has one part per
 * input, taken as it is. Every error names its field.
 */
final class BatchDecoder {

    private static final Base64.Decoder BASE64 = Base64.getDecoder();

    private BatchDecoder() {
    }

    /**
     * One input, concatenated: {@code data} is a direct buffer in native order, positioned at 0, for fixed-width
     * types; {@code strings} its elements, row-major, for BYTES (the other is null).
     */
    record DecodedInput(String name, Datatype type, long[] shape, ByteBuffer data, String[] strings) {
    }

    /**
     * @param partRows rows of the batch in each part, in order ({@code [1]} when not batched)
     * @param outputs  outputs to fetch, in the model's order
     * @param batched  false: the inputs were taken as sent and each output is returned whole
     */
    record DecodedBatch(List<DecodedInput> inputs, long[] partRows, long batchSize, Set<String> outputs,
                        boolean binaryOutputs, boolean batched) {
    }

    static DecodedBatch decode(BatchRequest request, ModelSignature signature) {
        List<InputTensor> inputs = request.inputs();
        if (inputs == null || inputs.isEmpty()) {
            throw BadInputException.malformed("inputs", "must list the model's inputs " + signature.inputs().keySet());
        }
        boolean batched = request.concatenates();
        long[] partRows = batched ? null : new long[] {1};
        Set<String> seen = new HashSet<>();
        List<DecodedInput> decoded = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            InputTensor input = inputs.get(i);
            String at = "inputs[" + i + "]";
            if (input == null) {
                throw BadInputException.malformed(at, "must be an object");
            }
            TensorSpec spec = specOf(input, at, signature, seen);
            Datatype type = typeOf(input, at, spec);
            if (input.parts() == null || input.parts().isEmpty()) {
                throw BadInputException.malformed(at + ".parts", "must hold at least one part");
            }
            long[] shape;
            if (batched) {
                if (spec.shape().isEmpty()) {
                    throw BadInputException.mismatch(at, "model input '" + spec.name() + "' is a scalar (shape []), "
                            + "which has no batch axis to concatenate along; send the batch with \"batched\": false");
                }
                if (partRows != null && input.parts().size() != partRows.length) {
                    throw BadInputException.malformed(at + ".parts", "has " + input.parts().size() + " parts but "
                            + "inputs[0].parts has " + partRows.length + "; every input must split the batch alike");
                }
                long[] rows = new long[input.parts().size()];
                shape = concatenatedShape(input, at, spec, rows, partRows);
                if (partRows == null) {
                    partRows = rows;
                }
            } else {
                if (input.parts().size() != 1) {
                    throw BadInputException.malformed(at + ".parts", "has " + input.parts().size() + " parts but a "
                            + "batch with \"batched\": false takes each input whole, as exactly one part");
                }
                shape = wholeShape(input.parts().get(0), at + ".parts[0]", spec);
            }
            decoded.add(type == Datatype.BYTES
                    ? new DecodedInput(spec.name(), type, shape, null, strings(input, at))
                    : new DecodedInput(spec.name(), type, shape, concatenate(input, at, type, shape), null));
        }
        for (String name : signature.inputs().keySet()) {
            if (!seen.contains(name)) {
                throw BadInputException.mismatch("inputs", "lacks model input '" + name + "'; the model's inputs are "
                        + signature.inputs().keySet());
            }
        }
        long batchSize = batched ? decoded.get(0).shape()[0] : 1;
        return new DecodedBatch(decoded, partRows, batchSize, outputsOf(request, signature),
                Boolean.TRUE.equals(request.binaryOutputs()), batched);
    }

    private static TensorSpec specOf(InputTensor input, String at, ModelSignature signature, Set<String> seen) {
        if (input.name() == null || input.name().isBlank()) {
            throw BadInputException.malformed(at + ".name", "must name one of the model's inputs "
                    + signature.inputs().keySet());
        }
        TensorSpec spec = signature.inputs().get(input.name());
        if (spec == null) {
            throw BadInputException.mismatch(at + ".name", "'" + input.name() + "' is not an input of the model; its "
                    + "inputs are " + signature.inputs().keySet());
        }
        if (!seen.add(input.name())) {
            throw BadInputException.malformed(at + ".name", "'" + input.name() + "' is given twice");
        }
        return spec;
    }

    private static Datatype typeOf(InputTensor input, String at, TensorSpec spec) {
        if (input.datatype() == null) {
            throw BadInputException.malformed(at + ".datatype", "must be given; model input '" + spec.name() + "' is "
                    + spec.datatype());
        }
        Datatype type = ServedTypes.parse(input.datatype());
        if (type == null) {
            throw BadInputException.malformed(at + ".datatype", "'" + input.datatype() + "' is not one of "
                    + Datatype.servedNames());
        }
        if (!type.name().equals(spec.datatype())) {
            throw BadInputException.mismatch(at + ".datatype", "is " + type + " but model input '" + spec.name()
                    + "' is " + spec.datatype());
        }
        if (ServedTypes.javaType(type) == null && type != Datatype.BYTES && UnsignedTensors.unavailable() != null) {
            throw BadInputException.mismatch(at + ".datatype", "is " + type + ", which this worker cannot pass to "
                    + "ONNX Runtime: " + UnsignedTensors.unavailable());
        }
        return type;
    }

    /** The shape of an input taken whole (not batched): any rank, every dimension the model fixes as it fixes it. */
    private static long[] wholeShape(TensorPart part, String partAt, TensorSpec spec) {
        if (part == null || part.shape() == null) {
            throw BadInputException.malformed(partAt + ".shape", "must be given ([] for a scalar)");
        }
        List<Long> modelShape = spec.shape();
        List<Long> s = part.shape();
        if (s.size() != modelShape.size()) {
            throw BadInputException.mismatch(partAt + ".shape", "has " + s.size() + " dimensions but model input '"
                    + spec.name() + "' has " + modelShape.size() + " " + modelShape);
        }
        long[] shape = new long[s.size()];
        for (int k = 0; k < s.size(); k++) {
            Long d = s.get(k);
            if (d == null || d < 0) {
                throw BadInputException.malformed(partAt + ".shape[" + k + "]", "must be a size ≥ 0");
            }
            long want = modelShape.get(k);
            if (want >= 0 && d != want) {
                throw BadInputException.mismatch(partAt + ".shape[" + k + "]", "is " + d + " but model input '"
                        + spec.name() + "' has " + want + " there " + modelShape);
            }
            shape[k] = d;
        }
        elements(shape, partAt); // rejects oversized tensors before allocating
        return shape;
    }

    /** Checks every part's shape; fills {@code rows} with each part's batch rows; returns the concatenated shape. */
    private static long[] concatenatedShape(InputTensor input, String at, TensorSpec spec, long[] rows,
                                            long[] firstInputRows) {
        List<Long> modelShape = spec.shape();
        long[] shape = null;
        long total = 0;
        for (int j = 0; j < input.parts().size(); j++) {
            TensorPart part = input.parts().get(j);
            String partAt = at + ".parts[" + j + "]";
            if (part == null || part.shape() == null || part.shape().isEmpty()) {
                throw BadInputException.malformed(partAt + ".shape", "must be given, batch axis first");
            }
            List<Long> s = part.shape();
            if (s.size() != modelShape.size()) {
                throw BadInputException.mismatch(partAt + ".shape", "has " + s.size() + " dimensions but model input '"
                        + spec.name() + "' has " + modelShape.size() + " " + modelShape);
            }
            for (int k = 0; k < s.size(); k++) {
                Long d = s.get(k);
                if (d == null || d < 0) {
                    throw BadInputException.malformed(partAt + ".shape[" + k + "]", "must be a size ≥ 0");
                }
                if (k == 0) {
                    continue;
                }
                long want = modelShape.get(k);
                if (want >= 0 && d != want) {
                    throw BadInputException.mismatch(partAt + ".shape[" + k + "]", "is " + d + " but model input '"
                            + spec.name() + "' has " + want + " there " + modelShape);
                }
                if (shape != null && d != shape[k]) {
                    throw BadInputException.malformed(partAt + ".shape[" + k + "]", "is " + d + " but " + at
                            + ".parts[0] has " + shape[k] + "; parts may differ only on the batch axis");
                }
            }
            rows[j] = s.get(0);
            if (firstInputRows != null && rows[j] != firstInputRows[j]) {
                throw BadInputException.malformed(partAt + ".shape[0]", "is " + rows[j] + " but inputs[0].parts[" + j
                        + "] has " + firstInputRows[j] + " rows; every input must split the batch alike");
            }
            if (shape == null) {
                shape = s.stream().mapToLong(Long::longValue).toArray();
            }
            total += rows[j];
        }
        shape[0] = total;
        long fixedBatch = modelShape.get(0);
        if (fixedBatch >= 0 && total != fixedBatch) {
            throw BadInputException.mismatch(at + ".parts", "concatenate to " + total + " rows but model input '"
                    + spec.name() + "' has a fixed batch axis of " + fixedBatch);
        }
        elements(shape, at); // rejects oversized tensors before allocating
        return shape;
    }

    private static long elements(long[] shape, String at) {
        long n = 1;
        for (long d : shape) {
            n = Math.multiplyExact(n, d);
            if (n > Integer.MAX_VALUE / 8) {
                throw BadInputException.malformed(at, "is too large for one batch");
            }
        }
        return n;
    }

    private static long elements(List<Long> shape) {
        long n = 1;
        for (long d : shape) {
            n *= d;
        }
        return n;
    }

    /**
     * A part carries its elements one way: {@code data} (JSON), {@code base64} or {@code raw} (binary), never two or
     * none.
     */
    private static void requireOneForm(TensorPart part, String partAt) {
        int forms = (part.data() == null || part.data().isNull() ? 0 : 1) + (part.base64() == null ? 0 : 1)
                + (part.raw() == null ? 0 : 1);
        if (forms != 1) {
            throw BadInputException.malformed(partAt, part.raw() != null ? "must give its bytes once"
                    : "must give exactly one of data and base64");
        }
    }

    /** A binary part's bytes: as they came over the binary route, or decoded from base64. */
    private static byte[] binary(TensorPart part, String partAt) {
        if (part.raw() != null) {
            return part.raw();
        }
        try {
            return BASE64.decode(part.base64());
        } catch (IllegalArgumentException e) {
            throw BadInputException.malformed(partAt + ".base64", "is not base64: " + e.getMessage());
        }
    }

    /** Where a binary part's bytes are, for error messages: {@code .raw} over the binary route, else {@code .base64}. */
    private static String binaryAt(TensorPart part, String partAt) {
        return partAt + (part.raw() != null ? ".raw" : ".base64");
    }

    private static ByteBuffer concatenate(InputTensor input, String at, Datatype type, long[] shape) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(Math.toIntExact(elements(shape, at) * type.bytes()))
                .order(ByteOrder.nativeOrder());
        for (int j = 0; j < input.parts().size(); j++) {
            TensorPart part = input.parts().get(j);
            String partAt = at + ".parts[" + j + "]";
            long want = elements(part.shape());
            requireOneForm(part, partAt);
            if (part.base64() != null || part.raw() != null) {
                putBinary(buffer, binary(part, partAt), binaryAt(part, partAt), type, want, part.shape());
            } else {
                int before = buffer.position();
                long got = putJson(buffer, part.data(), partAt + ".data", type, want);
                if (got != want) {
                    throw BadInputException.malformed(partAt + ".data", "has " + got + " values but shape "
                            + part.shape() + " needs " + want);
                }
                assert buffer.position() == before + want * type.bytes();
            }
        }
        return buffer.flip();
    }

    private static void putBinary(ByteBuffer buffer, byte[] bytes, String at, Datatype type, long want,
                                  List<Long> shape) {
        if (bytes.length != want * type.bytes()) {
            throw BadInputException.malformed(at, "holds " + bytes.length + " bytes but shape " + shape + " of "
                    + type + " needs " + want * type.bytes());
        }
        if (type == Datatype.BOOL) {
            // ONNX Runtime reads a bool as one byte that must be 0 or 1; any other byte is taken as true.
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) (bytes[i] != 0 ? 1 : 0);
            }
        }
        buffer.put(ByteOrders.reorder(bytes, 0, bytes.length, type.bytes()));
    }

    /**
     * Writes the numbers of a (possibly nested) JSON array, row-major, stopping at {@code want} values so that a
     * long array cannot overrun the buffer; returns how many values it holds (counting on past {@code want}). A
     * floating-point value beyond its type's range becomes an infinity, as the worker has always taken it.
     */
    private static long putJson(ByteBuffer buffer, JsonNode node, String at, Datatype type, long want) {
        if (!node.isArray()) {
            throw BadInputException.malformed(at, "must be a JSON array of "
                    + (type == Datatype.BOOL ? "true/false values" : "numbers"));
        }
        try {
            return JsonTensors.put(buffer, node, type, want, 0, false);
        } catch (ElementException e) {
            throw BadInputException.malformed(at + "[" + e.index() + "]", e.problem());
        }
    }

    /**
     * A BYTES input's elements, its parts one after the other: each part as JSON strings or as base64 of the binary
     * form (per element a 4-byte little-endian length, then the bytes). ONNX Runtime's Java API passes string tensors
     * as Java strings, so every element must be UTF-8 text.
     */
    private static String[] strings(InputTensor input, String at) {
        List<String> all = new ArrayList<>();
        for (int j = 0; j < input.parts().size(); j++) {
            TensorPart part = input.parts().get(j);
            String partAt = at + ".parts[" + j + "]";
            long want = elements(part.shape());
            requireOneForm(part, partAt);
            int before = all.size();
            if (part.base64() != null || part.raw() != null) {
                addBinaryStrings(all, binary(part, partAt), binaryAt(part, partAt), want, part.shape());
            } else {
                if (!part.data().isArray()) {
                    throw BadInputException.malformed(partAt + ".data", "must be a JSON array of strings");
                }
                long got = addJsonStrings(all, part.data(), partAt + ".data", want, 0);
                if (got != want) {
                    throw BadInputException.malformed(partAt + ".data", "has " + got + " values but shape "
                            + part.shape() + " needs " + want);
                }
            }
            assert all.size() == before + want;
        }
        return all.toArray(String[]::new);
    }

    private static void addBinaryStrings(List<String> all, byte[] binary, String at, long want, List<Long> shape) {
        ByteBuffer bytes = ByteBuffer.wrap(binary);
        long count = ByteStrings.count(bytes);
        if (count < 0) {
            throw BadInputException.malformed(at, "is not BYTES' binary form (per element a 4-byte little-endian "
                    + "length, then that many bytes)");
        }
        if (count != want) {
            throw BadInputException.malformed(at, "holds " + count + " strings but shape " + shape + " of BYTES needs "
                    + want);
        }
        byte[][] elements = ByteStrings.split(bytes, (int) count);
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        for (int e = 0; e < elements.length; e++) {
            try {
                all.add(utf8.decode(ByteBuffer.wrap(elements[e])).toString());
            } catch (CharacterCodingException notText) {
                throw BadInputException.malformed(at, "element " + e + " is not UTF-8 text; ONNX Runtime's Java API "
                        + "passes string tensors as text, so a worker serves BYTES elements that are UTF-8");
            }
        }
    }

    /** Adds the strings of a (possibly nested) JSON array, row-major, up to {@code want}; returns the count. */
    private static long addJsonStrings(List<String> all, JsonNode node, String at, long want, long first) {
        long n = first;
        for (JsonNode value : node) {
            if (value.isArray()) {
                n = addJsonStrings(all, value, at, want, n);
                continue;
            }
            if (!value.isTextual()) {
                throw BadInputException.malformed(at + "[" + n + "]", "is " + value + ", not a string");
            }
            if (n < want) {
                all.add(value.textValue());
            }
            n++;
        }
        return n;
    }

    private static Set<String> outputsOf(BatchRequest request, ModelSignature signature) {
        Set<String> outputs = new LinkedHashSet<>();
        if (request.outputs() == null) {
            signature.outputs().values().stream().filter(signature::servable).forEach(s -> outputs.add(s.name()));
            if (outputs.isEmpty()) {
                throw BadInputException.mismatch("outputs", "the model has no tensor output of a served type; its "
                        + "outputs are " + signature.outputs().values());
            }
            return outputs;
        }
        if (request.outputs().isEmpty()) {
            throw BadInputException.malformed("outputs", "must name at least one output, or be left out for all");
        }
        for (int k = 0; k < request.outputs().size(); k++) {
            String name = request.outputs().get(k);
            TensorSpec spec = signature.outputs().get(name);
            if (spec == null) {
                throw BadInputException.mismatch("outputs[" + k + "]", "'" + name + "' is not an output of the model; "
                        + "its outputs are " + signature.outputs().keySet());
            }
            if (spec.shape() == null) {
                throw BadInputException.mismatch("outputs[" + k + "]", "'" + name + "' is a " + spec.datatype()
                        + ", not a tensor; a worker returns tensor outputs only");
            }
            if (!signature.servable(spec)) {
                throw BadInputException.mismatch("outputs[" + k + "]", "'" + name + "' is " + spec.datatype()
                        + "; a worker returns tensors of " + Datatype.servedNames());
            }
            outputs.add(name);
        }
        return outputs;
    }
}
