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

    /** The datatypes worker-service runs. */
    static final List<String> DATATYPES = Datatype.SERVED.stream().map(Datatype::name).toList();

    /** The request's inputs in the variant's input order. */
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
            check(in, spec, field);
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

    private static void check(InferJob.Input in, TensorSpec spec, String field) {
        String name = "input '" + in.name() + "'";
        if (in.datatype() == null) throw bad(field + ".datatype", "must be set (" + name + " is " + spec.datatype() + ")");
        if (!in.datatype().equals(spec.datatype())) {
            throw bad(field + ".datatype", name + " is " + spec.datatype() + ", not " + in.datatype());
        }
        if (!DATATYPES.contains(spec.datatype())) {
            throw bad(field + ".datatype", name + " is " + spec.datatype() + ", which workers do not run (they run "
                    + DATATYPES + ")");
        }
        List<Long> shape = in.shape();
        if (shape == null || shape.isEmpty()) throw bad(field + ".shape", "must be set, batch axis first (" + name + ": " + spec.shape() + ")");
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
        if (hasData == (in.base64() != null)) {
            throw bad(field, name + " needs exactly one of data (a JSON array) and base64");
        }
        if (hasData) {
            if (!in.data().isArray()) throw bad(field + ".data", name + ": data must be a JSON array");
            long[] count = {0};
            countNumbers(in.data(), field + ".data", name, count);
            if (count[0] != elements) {
                throw bad(field + ".data", name + " of shape " + shape + " needs " + elements + " elements, got " + count[0]);
            }
        } else {
            int width = Datatype.named(spec.datatype()).bytes();
            long bytes = base64Length(in.base64());
            if (bytes < 0) {
                throw bad(field + ".base64", name + ": not base64 (standard alphabet, padded to a multiple of 4 characters)");
            }
            if (bytes != elements * width) {
                throw bad(field + ".base64", name + " of shape " + shape + " needs " + elements * width + " bytes of "
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

    private static void countNumbers(JsonNode node, String field, String name, long[] count) {
        for (JsonNode v : node) {
            if (v.isArray()) countNumbers(v, field, name, count);
            else if (v.isNumber()) count[0]++;
            else throw bad(field, name + ": every element must be a number, got " + v);
        }
    }

    private static String names(List<TensorSpec> specs) {
        return specs.stream().map(TensorSpec::name).toList().toString();
    }

    private static ApiException bad(String field, String detail) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", field + ": " + detail).withField(field);
    }
}
