package io.baton.cli.bench.fuzz;

import static io.baton.cli.bench.fuzz.FuzzCase.utf8;
import static io.baton.cli.bench.fuzz.JsonCases.post;
import static io.baton.cli.bench.fuzz.JsonCases.valid;
import static io.baton.cli.bench.fuzz.JsonCases.withFirstInput;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Random;

/**
 * Well-formed JSON holding what the protocol or the model does not take: non-finite numbers, datatypes, shapes,
 * parameters of the wrong type, and inputs and outputs that are missing, unknown or twice.
 */
final class ValueCases {
    private ValueCases() {}

    /** The first input's data as flat JSON with element {@code at} replaced by the raw token. */
    static String dataWith(FuzzTarget t, int at, String token) {
        FuzzTarget.Input in = t.inputs().get(0);
        String zero = switch (in.datatype()) {
            case "BOOL" -> "false";
            case "BYTES" -> "\"\"";
            default -> "0";
        };
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < in.elements(); i++) {
            if (i > 0) s.append(',');
            s.append(i == at ? token : zero);
        }
        return s.append(']').toString();
    }

    static Made nonFinite(Random r, FuzzTarget t) {
        String[] tokens = {"NaN", "Infinity", "-Infinity", "1e999", "-1e999", "+1", ".5", "0x10", "1e", "-", "01",
                "9".repeat(1 + r.nextInt(200_000))};
        String token = tokens[r.nextInt(tokens.length)];
        String shown = token.length() > 20 ? "a number of " + token.length() + " digits" : token;
        int at = r.nextInt(t.inputs().get(0).elements());
        return switch (r.nextInt(4)) {
            case 0, 1 -> {
                // a huge whole number fits no datatype, nor does a float in an integer tensor: refused either way
                boolean fits = token.startsWith("9") && token.length() < 10 && !t.inputs().get(0).datatype().equals("BOOL")
                        && !t.inputs().get(0).datatype().equals("BYTES");
                String data = dataWith(t, at, token);
                yield new Made("data element " + at + " is " + shown, post(t, utf8(withFirstInput(t, "data", data))), Delivery.WHOLE, fits);
            }
            case 2 -> Made.refuse("parameters.timeout is " + shown,
                    post(t, utf8("{\"parameters\":{\"timeout\":" + token + "}," + valid(t).substring(1))));
            default -> Made.refuse("the shape's first dimension is " + shown,
                    post(t, utf8(withFirstInput(t, "shape", "[" + token + shapeTail(t) + "]"))));
        };
    }

    /** The first input's shape after its first dimension, as ",d1,d2,…". */
    private static String shapeTail(FuzzTarget t) {
        StringBuilder s = new StringBuilder();
        long[] shape = t.inputs().get(0).concreteShape();
        for (int i = 1; i < shape.length; i++) s.append(',').append(shape[i]);
        return s.toString();
    }

    static Made datatype(Random r, FuzzTarget t) {
        FuzzTarget.Input in = t.inputs().get(0);
        int at = r.nextInt(in.elements());
        return switch (r.nextInt(12)) {
            case 0 -> Made.refuse("datatype 'FLOAT32' (not an OIP datatype)", post(t, utf8(withFirstInput(t, "datatype", "\"FLOAT32\""))));
            case 1 -> Made.either("datatype in lower case", post(t, utf8(withFirstInput(t, "datatype", "\"" + in.datatype().toLowerCase() + "\""))));
            case 2 -> {
                String other = t.otherDatatype(r);
                yield Made.refuse("datatype " + other + " where the model takes " + in.datatype(),
                        post(t, utf8(withFirstInput(t, "datatype", "\"" + other + "\""))));
            }
            case 3 -> {
                String[] raw = {"4", "null", "[]", "{}", "\"\"", "true", "\"" + "X".repeat(100_000) + "\""};
                String v = raw[r.nextInt(raw.length)];
                yield Made.refuse("datatype is " + (v.length() > 10 ? "a string of 100000 characters" : v),
                        post(t, utf8(withFirstInput(t, "datatype", v))));
            }
            case 4 -> Made.refuse("datatype missing", post(t, utf8(valid(t).replaceFirst("\"datatype\":\"[A-Z0-9]+\",", ""))));
            case 5 -> {
                String[] raw = {"\"0\"", "{}", "[]", "null", "true", "[0]", "{\"a\":0}"};
                String v = raw[r.nextInt(raw.length)];
                boolean fits = in.datatype().equals("BYTES") && v.equals("\"0\"") || in.datatype().equals("BOOL") && v.equals("true");
                yield new Made("data element " + at + " is " + v, post(t, utf8(withFirstInput(t, "data", dataWith(t, at, v)))), Delivery.WHOLE, fits);
            }
            case 6 -> {
                String[] raw = {"\"zeros\"", "{}", "0", "true", "{\"0\":0}"};
                String v = raw[r.nextInt(raw.length)];
                yield Made.refuse("data is " + v, post(t, utf8(withFirstInput(t, "data", v))));
            }
            case 7 -> {
                String big = switch (in.datatype()) {
                    case "FP64" -> "1.8e308";
                    case "BOOL" -> "2";
                    case "BYTES" -> "7";
                    case "FP16" -> "70000";
                    default -> "1e300";
                };
                yield Made.refuse("data element " + at + " is " + big + ", out of " + in.datatype() + "'s range",
                        post(t, utf8(withFirstInput(t, "data", dataWith(t, at, big)))));
            }
            case 8 -> Made.refuse("data one element short", post(t, utf8(withFirstInput(t, "data",
                    dataWith(t, -1, "0").replaceFirst("^\\[[^,\\]]*,?", "[")))));
            case 9 -> Made.refuse("data one element long", post(t, utf8(withFirstInput(t, "data", dataWith(t, -1, "0").replaceFirst("^\\[", "[0,")))));
            case 10 -> Made.refuse("data nested one level too deep", post(t, utf8(withFirstInput(t, "data", "[" + dataWith(t, -1, "0") + "]"))));
            default -> Made.refuse("data ragged (rows of different lengths)", post(t, utf8(withFirstInput(t, "data", "[[0,0],[0]]"))));
        };
    }

    static Made shape(Random r, FuzzTarget t) {
        String[] shapes = {"[-1" + tail(t) + "]", "[-5" + tail(t) + "]", "[2147483647,2147483647,2147483647,2147483647]",
                "[9223372036854775807,2]", "[4294967296,4294967296]", "[99999999999999999999999999]", "[1e30]", "[1.5" + tail(t) + "]",
                "[\"1\"" + tail(t) + "]", "[]", "[1,1" + tail(t) + "]", "[0" + tail(t) + "]", "[null]", "{}", "\"1x784\"", "null",
                "[1000000" + tail(t) + "]", "[true]", "[-9223372036854775808]", "[3037000500,3037000500]"};
        String s = shapes[r.nextInt(shapes.length)];
        return Made.refuse("shape " + s, post(t, utf8(withFirstInput(t, "shape", s))));
    }

    private static String tail(FuzzTarget t) {
        StringBuilder s = new StringBuilder();
        long[] shape = t.inputs().get(0).concreteShape();
        for (int i = 1; i < shape.length; i++) s.append(',').append(shape[i]);
        return s.toString();
    }

    static Made parameters(Random r, FuzzTarget t) {
        String v = valid(t);
        String[] wrong = {"\"100\"", "-1", "1.5", "1e40", "true", "[]", "{}", "99999999999999999999999", "-9223372036854775808"};
        String w = wrong[r.nextInt(wrong.length)];
        return switch (r.nextInt(9)) {
            case 0 -> {
                String[] raw = {"[]", "\"x\"", "1", "true", "[{\"timeout\":1}]"};
                String p = raw[r.nextInt(raw.length)];
                yield Made.refuse("parameters is " + p, post(t, utf8("{\"parameters\":" + p + "," + v.substring(1))));
            }
            case 1 -> Made.refuse("parameters.timeout is " + w, post(t, utf8("{\"parameters\":{\"timeout\":" + w + "}," + v.substring(1))));
            case 2 -> Made.refuse("parameters.priority is " + w, post(t, utf8("{\"parameters\":{\"priority\":" + w + "}," + v.substring(1))));
            case 3 -> Made.refuse("parameters.binary_data_output is " + w,
                    post(t, utf8("{\"parameters\":{\"binary_data_output\":" + (w.equals("true") ? "\"true\"" : w) + "}," + v.substring(1))));
            case 4 -> {
                String[] ids = {"5", "{}", "[]", "true", "1.5"};
                String id = ids[r.nextInt(ids.length)];
                yield Made.refuse("id is " + id, post(t, utf8(v.replace("\"id\":\"fuzz\"", "\"id\":" + id))));
            }
            case 5 -> Made.refuse("an input's parameters is " + w, post(t, utf8(withFirstInput(t, "parameters", w.equals("{}") ? "7" : w))));
            case 6 -> Made.refuse("an output's parameters.classification is " + w,
                    post(t, utf8(v.substring(0, v.length() - 1) + ",\"outputs\":[{\"name\":\"" + t.outputs().get(0)
                            + "\",\"parameters\":{\"classification\":" + (w.equals("true") ? "0" : w) + "}}]}")));
            case 7 -> Made.refuse("an output's parameters.binary_data is " + w,
                    post(t, utf8(v.substring(0, v.length() - 1) + ",\"outputs\":[{\"name\":\"" + t.outputs().get(0)
                            + "\",\"parameters\":{\"binary_data\":" + (w.equals("true") ? "\"true\"" : w) + "}}]}")));
            default -> Made.refuse("binary_data_size on an input of a request without binary data",
                    post(t, utf8(withFirstInput(t, "parameters", "{\"binary_data_size\":" + 4 * t.inputs().get(0).elements() + "}"))));
        };
    }

    static Made tensors(Random r, FuzzTarget t) {
        String v = valid(t);
        String first = t.inputs().get(0).name();
        ObjectNode request = t.validRequest();
        return switch (r.nextInt(14)) {
            case 0 -> Made.refuse("no inputs", post(t, utf8(v.replaceFirst(",\"inputs\":\\[.*\\]}$", "}"))));
            case 1 -> {
                String[] raw = {"null", "{}", "[]", "[1]", "[{}]", "[[]]", "\"input\""};
                String in = raw[r.nextInt(raw.length)];
                yield Made.refuse("inputs is " + in, post(t, utf8("{\"inputs\":" + in + "}")));
            }
            case 2 -> Made.refuse("the input's name missing", post(t, utf8(v.replace("\"name\":\"" + first + "\",", ""))));
            case 3 -> Made.refuse("the input's name a number", post(t, utf8(v.replace("\"name\":\"" + first + "\"", "\"name\":7"))));
            case 4 -> Made.refuse("the input's name blank", post(t, utf8(v.replace("\"name\":\"" + first + "\"", "\"name\":\"  \""))));
            case 5 -> Made.refuse("an input the model does not have", post(t, utf8(v.replace("\"name\":\"" + first + "\"", "\"name\":\"nope\""))));
            case 6 -> Made.refuse("an input name of 100000 characters",
                    post(t, utf8(v.replace("\"name\":\"" + first + "\"", "\"name\":\"" + "n".repeat(100_000) + "\""))));
            case 7 -> {
                request.withArray("inputs").add(request.withArray("inputs").get(0).deepCopy());
                yield Made.refuse("the same input twice", post(t, utf8(request.toString())));
            }
            case 8 -> {
                ObjectNode extra = request.withArray("inputs").get(0).deepCopy();
                extra.put("name", "extra");
                request.withArray("inputs").add(extra);
                yield Made.refuse("an extra input", post(t, utf8(request.toString())));
            }
            case 9 -> Made.refuse("outputs is an empty array", post(t, utf8(v.substring(0, v.length() - 1) + ",\"outputs\":[]}")));
            case 10 -> {
                String[] raw = {"{}", "\"x\"", "[1]", "[{}]", "[{\"name\":\"nope\"}]", "[{\"name\":5}]", "null,\"outputs\":1"};
                String o = raw[r.nextInt(raw.length)];
                yield Made.refuse("outputs is " + o, post(t, utf8(v.substring(0, v.length() - 1) + ",\"outputs\":" + o + "}")));
            }
            case 11 -> Made.refuse("the same output twice", post(t, utf8(v.substring(0, v.length() - 1) + ",\"outputs\":[{\"name\":\""
                    + t.outputs().get(0) + "\"},{\"name\":\"" + t.outputs().get(0) + "\"}]}")));
            case 12 -> {
                StringBuilder keys = new StringBuilder("{");
                int n = 1 + r.nextInt(100_000);
                for (int i = 0; i < n; i++) keys.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(i);
                yield Made.either(n + " unknown keys in parameters", post(t, utf8("{\"parameters\":" + keys + "}," + v.substring(1))));
            }
            default -> {
                int n = 2 + r.nextInt(20_000);
                StringBuilder many = new StringBuilder("[");
                for (int i = 0; i < n; i++) many.append(i == 0 ? "" : ",").append("{\"name\":\"in").append(i)
                        .append("\",\"datatype\":\"FP32\",\"shape\":[1],\"data\":[0]}");
                yield Made.refuse(n + " inputs the model does not have", post(t, utf8("{\"inputs\":" + many + "]}")));
            }
        };
    }
}
