package io.baton.cli.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Open Inference Protocol v2 bodies as the suite's tooling sends and reads them ({@code POST /v2/models/{app}/infer}):
 * requests built from validation images, outputs and Baton's response parameters read back.
 *
 * <p>Response parameters: the gateway reports the batch a request ran in and the model's execution time as
 * parameters of the response. The names are read leniently ({@link #BATCH_SIZE_KEYS}, {@link #EXECUTION_MS_KEYS},
 * at the top level of {@code parameters} or inside a {@code timing} object there) so that the tooling does not break
 * on the spelling.
 */
public final class Oip {
    public static final String[] BATCH_SIZE_KEYS = {"batch_size", "batchSize", "baton_batch_size"};
    public static final String[] EXECUTION_MS_KEYS = {"execution_ms", "executionMs", "baton_execution_ms"};

    private Oip() {}

    /**
     * A request for {@code count} examples starting at {@code first} of a row-major {@code examples} array whose
     * examples have shape {@code dims}: one FP32 input {@code inputName} of shape [count, dims…], data flat.
     */
    public static ObjectNode inferRequest(String id, String inputName, float[] examples, int[] dims, int first, int count) {
        int size = 1;
        for (int d : dims) size *= d;
        if (first < 0 || count < 1 || (long) (first + count) * size > examples.length) {
            throw new IllegalArgumentException("examples " + first + " … " + (first + count - 1) + " are out of range");
        }
        ObjectNode body = JsonHttp.JSON.createObjectNode();
        if (id != null) body.put("id", id);
        ObjectNode input = body.putArray("inputs").addObject();
        input.put("name", inputName);
        ArrayNode shape = input.putArray("shape");
        shape.add(count);
        for (int d : dims) shape.add(d);
        input.put("datatype", "FP32");
        ArrayNode data = input.putArray("data");
        for (int i = first * size, end = (first + count) * size; i < end; i++) data.add(examples[i]);
        return body;
    }

    /** The named output's data as floats (flat, row-major); a {@link SuiteException} when it is missing. */
    public static float[] output(JsonNode response, String name) {
        for (JsonNode o : response.path("outputs")) {
            if (name.equals(o.path("name").asText())) {
                JsonNode data = o.path("data");
                float[] values = new float[data.size()];
                for (int i = 0; i < values.length; i++) values[i] = (float) data.get(i).asDouble();
                return values;
            }
        }
        throw new SuiteException("the response has no output '" + name + "': " + response);
    }

    /** The output's shape, or an empty array when missing. */
    public static long[] outputShape(JsonNode response, String name) {
        for (JsonNode o : response.path("outputs")) {
            if (name.equals(o.path("name").asText())) {
                long[] shape = new long[o.path("shape").size()];
                for (int i = 0; i < shape.length; i++) shape[i] = o.path("shape").get(i).asLong();
                return shape;
            }
        }
        return new long[0];
    }

    /** The batch size the request ran in, when the response reports it. */
    public static OptionalInt batchSize(JsonNode response) {
        JsonNode v = parameter(response, BATCH_SIZE_KEYS);
        return v == null ? OptionalInt.empty() : OptionalInt.of(v.asInt());
    }

    /** The model's execution time (ms) for the batch the request ran in, when the response reports it. */
    public static OptionalDouble executionMs(JsonNode response) {
        JsonNode v = parameter(response, EXECUTION_MS_KEYS);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v.asDouble());
    }

    private static JsonNode parameter(JsonNode response, String[] keys) {
        JsonNode params = response.path("parameters");
        for (JsonNode scope : new JsonNode[] {params, params.path("timing"), response.path("timing")}) {
            for (String k : keys) {
                JsonNode v = scope.get(k);
                if (v != null && v.isNumber()) return v;
            }
        }
        return null;
    }
}
