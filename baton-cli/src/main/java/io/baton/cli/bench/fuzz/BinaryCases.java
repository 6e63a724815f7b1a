package io.baton.cli.bench.fuzz;

import static io.baton.cli.bench.fuzz.FuzzCase.utf8;
import static io.baton.cli.bench.fuzz.JsonCases.concat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Random;

/**
 * The binary tensor data extension gone wrong: {@code Inference-Header-Content-Length} out of range or not a number,
 * {@code binary_data_size} that does not add up, bytes missing or to spare.
 */
final class BinaryCases {
    static final String HEADER = "Inference-Header-Content-Length";

    private BinaryCases() {}

    static byte[] post(FuzzTarget t, byte[] body, String headerLength) {
        WireRequest w = WireRequest.post(t, t.inferPath()).header("Content-Type", "application/octet-stream");
        if (headerLength != null) w.header(HEADER, headerLength);
        return w.body(body).bytes();
    }

    static Made make(Random r, FuzzTarget t) {
        FuzzTarget.BinaryBody valid = t.validBinary();
        byte[] json = utf8(valid.header().toString());
        byte[] body = concat(json, valid.tensors());
        String length = String.valueOf(json.length);
        ObjectNode first = (ObjectNode) valid.header().withArray("inputs").get(0);
        int size = first.path("parameters").path("binary_data_size").asInt();
        return switch (r.nextInt(12)) {
            case 0 -> {
                String[] raw = {"-1", "abc", "1e3", "0x10", "", "18446744073709551616", "9".repeat(1 + r.nextInt(5_000)), "+" + length,
                        length + ".0", "-0", length + "," + length};
                String h = raw[r.nextInt(raw.length)];
                yield Made.refuse(HEADER + " is '" + (h.length() > 24 ? h.length() + " nines" : h) + "'", post(t, body, h));
            }
            case 1 -> Made.refuse(HEADER + " past the body's end", post(t, body, String.valueOf(body.length + 1 + r.nextInt(1 << 20))));
            case 2 -> Made.refuse(HEADER + " 0", post(t, body, "0"));
            case 3 -> {
                int cut = 1 + r.nextInt(json.length - 1);
                yield Made.refuse(HEADER + " " + cut + " cuts the JSON", post(t, body, String.valueOf(cut)));
            }
            case 4 -> Made.refuse(HEADER + " one past the JSON", post(t, body, String.valueOf(json.length + 1)));
            case 5 -> {
                int[] sizes = {size - 1, size + 1, -size, 0, Integer.MAX_VALUE};
                int s = sizes[r.nextInt(sizes.length)];
                first.with("parameters").put("binary_data_size", s);
                byte[] h = utf8(valid.header().toString());
                yield Made.refuse("binary_data_size " + s + " where the shape needs " + size,
                        post(t, concat(h, valid.tensors()), String.valueOf(h.length)));
            }
            case 6 -> {
                String[] raw = {"\"" + size + "\"", size + ".5", "1e40", "true", "[]", "99999999999999999999"};
                String s = raw[r.nextInt(raw.length)];
                String h = valid.header().toString().replace("\"binary_data_size\":" + size, "\"binary_data_size\":" + s);
                yield Made.refuse("binary_data_size is " + s, post(t, concat(utf8(h), valid.tensors()), String.valueOf(utf8(h).length)));
            }
            case 7 -> {
                int missing = 1 + r.nextInt(valid.tensors().length);
                yield Made.refuse(missing + " bytes of binary data missing",
                        post(t, Arrays.copyOf(body, body.length - missing), length));
            }
            case 8 -> Made.refuse("binary data with bytes to spare", post(t, concat(body, JsonCases.randomBytes(r, 1 + r.nextInt(64))), length));
            case 9 -> {
                first.set("data", FuzzTarget.JSON.createArrayNode().add(0));
                byte[] h = utf8(valid.header().toString());
                yield Made.refuse("an input with both data and binary_data_size", post(t, concat(h, valid.tensors()), String.valueOf(h.length)));
            }
            case 10 -> {
                // BYTES elements each a 4-byte length: one that runs past the end
                first.put("datatype", "BYTES");
                first.set("shape", FuzzTarget.JSON.createArrayNode().add(1));
                byte[] bytes = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F, 1, 2};
                first.with("parameters").put("binary_data_size", bytes.length);
                byte[] h = utf8(valid.header().toString());
                yield Made.refuse("a BYTES element whose length runs past the data", post(t, concat(h, bytes), String.valueOf(h.length)));
            }
            default -> Made.refuse(HEADER + " on a JSON request with no binary inputs, short of its length",
                    post(t, utf8(JsonCases.valid(t) + "    "), String.valueOf(JsonCases.valid(t).length())));
        };
    }
}
