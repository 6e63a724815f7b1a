package io.baton.gateway.oip;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.JsonTensors;
import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.commons.json.StrictJson;
import io.baton.gateway.GatewayException;
import io.baton.gateway.JsonErrors;

/**
 * Reads an OIP inference request: JSON, or with the binary tensor data extension a JSON header of
 * {@code Inference-Header-Content-Length} bytes followed by the binary inputs (those whose
 * {@code parameters.binary_data_size} is set), in the order they are listed, each little-endian row-major. A binary
 * input is not copied: its tensor views the request body. The JSON is read strictly: a key given twice in one object,
 * or anything after the end of the JSON document, is refused (400) like any other malformed JSON.
 */
public final class OipRequestReader {

    public static final String HEADER_LENGTH = "Inference-Header-Content-Length";

    /**
     * The JSON of one request may hold at most this many tree units (a value counts 1, an array or object 4: about
     * 16 heap bytes each once Jackson has built its tree), and all requests being decoded at once twice as many.
     * Jackson's tree costs 10 to 20 times the bytes it is read from, so the body-size limit alone did not bound it:
     * one 30 MB body of nested one-value arrays ({@code [[0],[0],…]}) or two 60 MB bodies of {@code 0,} threw
     * OutOfMemoryError in a 512 MB gateway. Larger tensors go as binary data, which is not turned into a tree.
     */
    public static final int MAX_JSON_UNITS = 1 << 22, JSON_UNITS_IN_FLIGHT = 1 << 23;

    /** How messages list the datatypes a request may name: every OIP datatype. */
    private static final String DATATYPES = java.util.Arrays.toString(Datatype.values());

    private final ObjectMapper json;
    private final int maxJsonUnits;
    private final java.util.concurrent.Semaphore jsonUnits;

    /**
     * @param json used as configured, except that numbers are read with Jackson's fast double parser (a JSON tensor
     *             is mostly numbers) and strictly ({@link StrictJson}: duplicate keys and trailing content refused)
     */
    public OipRequestReader(ObjectMapper json) {
        this(json, MAX_JSON_UNITS, JSON_UNITS_IN_FLIGHT);
    }

    /** With other bounds on the JSON tree ({@link #MAX_JSON_UNITS}): per request, and for all being decoded at once. */
    public OipRequestReader(ObjectMapper json, int maxJsonUnits, int jsonUnitsInFlight) {
        if (maxJsonUnits < 1 || jsonUnitsInFlight < maxJsonUnits) {
            throw new IllegalArgumentException("JSON tree bounds must be >= 1, the one in flight at least the one per request");
        }
        this.json = StrictJson.configure(json.copyWith(json.getFactory().rebuild()
                .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER).build()));
        this.maxJsonUnits = maxJsonUnits;
        this.jsonUnits = new java.util.concurrent.Semaphore(jsonUnitsInFlight);
    }

    public OipRequest read(byte[] body, String headerLength) {
        int jsonLength = jsonLength(body, headerLength);
        int invalid = Utf8.firstInvalid(body, jsonLength);
        if (invalid >= 0) {
            throw GatewayException.badRequest("malformed JSON at " + Utf8.position(body, invalid) + String.format(": "
                    + "the byte 0x%02X does not begin a well-formed UTF-8 sequence (a stray or cut-short byte, an "
                    + "overlong form or a surrogate); send the JSON in UTF-8", body[invalid] & 0xff));
        }
        int units = jsonUnits(body, jsonLength);
        if (units > maxJsonUnits) {
            throw new GatewayException(413, "json-too-large", "the request's JSON holds about " + units
                    + " values and arrays, more than the " + maxJsonUnits + " the gateway builds a JSON tree of; send "
                    + "large tensors as binary data (" + HEADER_LENGTH + " and parameters.binary_data_size)");
        }
        if (!jsonUnits.tryAcquire(units)) {
            throw GatewayException.overloaded("the gateway is decoding as much JSON as it holds at once; retry shortly "
                    + "or send large tensors as binary data (" + HEADER_LENGTH + ")");
        }
        try {
            return read(body, jsonLength);
        } finally {
            jsonUnits.release(units);
        }
    }

    /**
     * What Jackson's tree of the JSON will cost, counted on the bytes before it is built: a comma 1 (a value after
     * the first), an opening bracket or brace 4; inside strings nothing. Linear in the bytes, no allocation.
     */
    static int jsonUnits(byte[] body, int length) {
        long units = 1;
        boolean inString = false;
        for (int i = 0; i < length; i++) {
            byte b = body[i];
            if (inString) {
                if (b == '\\') i++;
                else if (b == '"') inString = false;
            } else if (b == '"') {
                inString = true;
            } else if (b == ',') {
                units++;
            } else if (b == '[' || b == '{') {
                units += 4;
            }
        }
        return (int) Math.min(units, Integer.MAX_VALUE);
    }

    private OipRequest read(byte[] body, int jsonLength) {
        JsonNode root;
        try {
            root = json.readTree(body, 0, jsonLength);
        } catch (JsonProcessingException e) {
            throw GatewayException.badRequest(JsonErrors.describe(e));
        } catch (IOException e) {
            throw GatewayException.badRequest("unreadable request: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw GatewayException.badRequest("the request must be a JSON object with an inputs array");
        }
        JsonNode parameters = root.path("parameters");
        if (!parameters.isMissingNode() && !parameters.isNull() && !parameters.isObject()) {
            throw GatewayException.badRequest("parameters must be a JSON object");
        }
        Long timeout = wholeParameter(parameters, "timeout", "microseconds");
        Long priority = wholeParameter(parameters, "priority", "a priority level; 1 is the highest, 0 the default");
        JsonNode binaryOut = parameters.path("binary_data_output");
        if (!binaryOut.isMissingNode() && !binaryOut.isBoolean()) {
            throw GatewayException.badRequest("parameters.binary_data_output must be true or false");
        }
        JsonNode id = root.get("id");
        if (id != null && !id.isNull() && !id.isTextual()) {
            throw GatewayException.badRequest("id must be a string");
        }
        List<Tensor> inputs = inputs(root.get("inputs"), body, jsonLength);
        return new OipRequest(id == null || id.isNull() ? null : id.asText(), inputs, outputs(root.get("outputs")),
                binaryOut.asBoolean(false), timeout, priority);
    }

    private static int jsonLength(byte[] body, String headerLength) {
        if (headerLength == null || headerLength.isBlank()) {
            return body.length;
        }
        String text = headerLength.trim();
        if (!text.matches("[0-9]+")) {
            throw GatewayException.badRequest(HEADER_LENGTH + " must be a whole number of bytes, not '" + headerLength
                    + "'");
        }
        java.math.BigInteger n = new java.math.BigInteger(text);
        if (n.compareTo(java.math.BigInteger.valueOf(body.length)) > 0) {
            throw GatewayException.badRequest(HEADER_LENGTH + " is " + n + ", more than the body's length of "
                    + body.length + " bytes");
        }
        return n.intValue();
    }

    private static Long wholeParameter(JsonNode parameters, String name, String meaning) {
        JsonNode v = parameters.get(name);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
            throw GatewayException.badRequest("parameters." + name + " must be a whole number ≥ 0 (" + meaning
                    + "), not " + v);
        }
        return v.longValue();
    }

    private static List<Tensor> inputs(JsonNode inputs, byte[] body, int jsonLength) {
        if (inputs == null || !inputs.isArray() || inputs.isEmpty()) {
            throw GatewayException.badRequest("inputs must be a non-empty array of tensors");
        }
        List<Tensor> tensors = new ArrayList<>(inputs.size());
        int offset = jsonLength;
        for (int i = 0; i < inputs.size(); i++) {
            JsonNode in = inputs.get(i);
            if (!in.isObject()) {
                throw new TensorException("inputs[" + i + "]", "must be a JSON object");
            }
            String name = name(in.get("name"), "inputs[" + i + "]");
            String label = "input '" + name + "'";
            Datatype type = datatype(label, in.get("datatype"));
            long[] shape = shape(label, in.get("shape"));
            JsonNode inParameters = in.get("parameters");
            if (inParameters != null && !inParameters.isNull() && !inParameters.isObject()) {
                throw GatewayException.badRequest("inputs[" + i + "].parameters must be an object, not "
                        + kind(inParameters));
            }
            JsonNode binarySize = in.path("parameters").get("binary_data_size");
            JsonNode data = in.get("data");
            if (binarySize == null || binarySize.isNull()) {
                if (data == null || data.isNull()) {
                    throw new TensorException(label, "has no data (give data, or parameters.binary_data_size with "
                            + "the bytes after the JSON header)");
                }
                tensors.add(JsonTensors.decode(label, name, type, shape, data));
                continue;
            }
            if (data != null && !data.isNull()) {
                throw new TensorException(label, "has both data and parameters.binary_data_size; give one");
            }
            if (binarySize.isIntegralNumber() && !binarySize.canConvertToInt() && binarySize.bigIntegerValue().signum() > 0) {
                throw new TensorException(label, "parameters.binary_data_size is " + binarySize
                        + " bytes, more than the request body's length of " + body.length + " bytes");
            }
            if (!binarySize.isIntegralNumber() || !binarySize.canConvertToInt() || binarySize.intValue() < 0) {
                throw new TensorException(label, "parameters.binary_data_size must be a whole number of bytes, not "
                        + binarySize);
            }
            int size = binarySize.intValue();
            if (type.fixedWidth()) {
                long want = Tensor.elements(shape) * type.bytes();
                if (size != want) {
                    throw new TensorException(label, "parameters.binary_data_size is " + size + " bytes but shape "
                            + java.util.Arrays.toString(shape) + " of " + type + " needs " + want);
                }
            }
            if (jsonLength == body.length) {
                throw new TensorException(label, "has parameters.binary_data_size but the request has no binary "
                        + "data (send the JSON's length in " + HEADER_LENGTH + " and the bytes after it)");
            }
            if ((long) offset + size > body.length) {
                throw new TensorException(label, "needs " + size + " bytes of binary data but only "
                        + (body.length - offset) + " remain after the inputs before it");
            }
            tensors.add(bytesTensor(label, "binary data", name, type, shape, ByteBuffer.wrap(body, offset, size)));
            offset += size;
        }
        if (offset != body.length) {
            throw GatewayException.badRequest("the request carries " + (body.length - jsonLength)
                    + " bytes of binary data but its inputs' binary_data_size add up to " + (offset - jsonLength));
        }
        return tensors;
    }

    /**
     * A tensor's datatype: any OIP datatype, spelt as the protocol spells it. Whether the model takes it is the
     * validator's question (against the declared specs), not the reader's.
     */
    private static Datatype datatype(String label, JsonNode datatype) {
        if (datatype == null || datatype.isNull() || datatype.isTextual() && datatype.asText().isBlank()) {
            throw new TensorException(label, "datatype is missing (one of " + DATATYPES + ")");
        }
        if (!datatype.isTextual()) {
            throw new TensorException(label, "datatype must be a string (one of " + DATATYPES + "), not "
                    + kind(datatype));
        }
        Datatype d = Datatype.named(datatype.asText());
        if (d == null) {
            throw new TensorException(label, "datatype '" + datatype.asText() + "' is not an OIP datatype (one of "
                    + DATATYPES + ")");
        }
        return d;
    }

    /**
     * A tensor over bytes a request carries beside its metadata (REST's binary data, gRPC's raw_input_contents),
     * viewing them. BYTES has no fixed width: its bytes must be exactly the shape's count of elements, each a 4-byte
     * little-endian length and that many bytes.
     *
     * @param carrier what the bytes are called in the protocol, for the message when they do not fit the shape
     */
    public static Tensor bytesTensor(String label, String carrier, String name, Datatype type, long[] shape,
                                     ByteBuffer bytes) {
        try {
            return new Tensor(name, type, shape, bytes);
        } catch (IllegalArgumentException e) {
            String why = e.getMessage().startsWith(name + ": ") ? e.getMessage().substring(name.length() + 2)
                    : e.getMessage();
            throw new TensorException(label, carrier + " of " + bytes.remaining() + " bytes does not hold shape "
                    + java.util.Arrays.toString(shape) + " of " + type + ": " + why + " (BYTES elements are each a "
                    + "4-byte little-endian length, then that many bytes)");
        }
    }

    /** A tensor's name: a non-blank string. */
    private static String name(JsonNode name, String where) {
        if (name == null || name.isNull()) {
            throw new TensorException(where, "name is missing");
        }
        if (!name.isTextual()) {
            throw GatewayException.badRequest(where + ".name must be a string, not " + kind(name));
        }
        if (name.asText().isBlank()) {
            throw new TensorException(where, "name is blank");
        }
        return name.asText();
    }

    /** What a JSON value is, for messages: {@code a string ("1x784")}, {@code a number (5)}, ... */
    static String kind(JsonNode v) {
        if (v.isTextual()) {
            String t = v.asText();
            return "a string (" + (t.length() > 40 ? v.toString().substring(0, 40) + "…" : v.toString()) + ")";
        }
        if (v.isNumber()) {
            return "a number (" + v + ")";
        }
        if (v.isBoolean()) {
            return "a boolean (" + v + ")";
        }
        if (v.isArray()) {
            return "an array";
        }
        return v.isObject() ? "an object" : "null";
    }

    private static long[] shape(String label, JsonNode shape) {
        if (shape == null || shape.isNull()) {
            throw new TensorException(label, "shape is missing (an array of dimensions, batch first; [] for a "
                    + "scalar)");
        }
        if (!shape.isArray()) {
            throw new TensorException(label, "shape must be an array of integers (dimensions, batch first), not "
                    + kind(shape));
        }
        long[] dims = new long[shape.size()];
        for (int k = 0; k < dims.length; k++) {
            JsonNode d = shape.get(k);
            if (!d.isIntegralNumber() || !d.canConvertToLong() || d.longValue() < 0) {
                throw new TensorException(label, "shape " + shape + " has " + d + " in dimension " + k
                        + "; dimensions are whole numbers ≥ 0");
            }
            dims[k] = d.longValue();
        }
        try {
            long n = Tensor.elements(dims);
            if (n > Integer.MAX_VALUE / 8) {
                throw new TensorException(label, "shape " + shape + " is too large");
            }
        } catch (ArithmeticException e) {
            throw new TensorException(label, "shape " + shape + " is too large");
        }
        return dims;
    }

    /**
     * The classification extension's K: {@code parameters.classification} (what OIP and Triton's clients send;
     * Triton's {@code class_count=K} arrives as it) or {@code class_count}; null when neither is given.
     */
    private static Integer classCount(String label, JsonNode parameters) {
        Integer k = null;
        for (String key : List.of("classification", "class_count")) {
            JsonNode v = parameters.get(key);
            if (v == null || v.isNull()) {
                continue;
            }
            if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < 1) {
                throw new TensorException(label, "parameters." + key + " must be a whole number ≥ 1 (how many "
                        + "top classes to answer), not " + v);
            }
            if (k != null && k != v.intValue()) {
                throw new TensorException(label, "parameters.classification is " + k + " but parameters.class_count "
                        + "is " + v + "; give one");
            }
            k = v.intValue();
        }
        return k;
    }

    private static List<OipRequest.OutputRequest> outputs(JsonNode outputs) {
        if (outputs == null || outputs.isNull()) {
            return null;
        }
        if (!outputs.isArray()) {
            throw GatewayException.badRequest("outputs must be an array of {name, parameters}");
        }
        if (outputs.isEmpty()) {
            throw GatewayException.badRequest("outputs must name at least one output, or be left out (for all of "
                    + "them)");
        }
        List<OipRequest.OutputRequest> list = new ArrayList<>(outputs.size());
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < outputs.size(); i++) {
            JsonNode o = outputs.get(i);
            if (!o.isObject()) {
                throw GatewayException.badRequest("outputs[" + i + "] must be a JSON object such as {\"name\": ...}, "
                        + "not " + kind(o));
            }
            String name = name(o.get("name"), "outputs[" + i + "]");
            String label = "output '" + name + "'";
            if (!seen.add(name)) {
                throw new TensorException(label, "is asked for twice");
            }
            JsonNode outParameters = o.get("parameters");
            if (outParameters != null && !outParameters.isNull() && !outParameters.isObject()) {
                throw GatewayException.badRequest("outputs[" + i + "].parameters must be an object, not "
                        + kind(outParameters));
            }
            JsonNode binary = o.path("parameters").get("binary_data");
            if (binary != null && !binary.isNull() && !binary.isBoolean()) {
                throw new TensorException(label, "parameters.binary_data must be true or false");
            }
            list.add(new OipRequest.OutputRequest(name,
                    binary == null || binary.isNull() ? null : binary.asBoolean(), classCount(label, o.path("parameters"))));
        }
        return list;
    }
}
