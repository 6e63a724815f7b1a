package io.baton.cli.bench.fuzz;

import static io.baton.cli.bench.fuzz.FuzzCase.utf8;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/** JSON that is not JSON, or not JSON the gateway takes: broken syntax, deep nesting, keys twice, bytes not UTF-8. */
final class JsonCases {
    private JsonCases() {}

    static byte[] post(FuzzTarget t, byte[] json) {
        return WireRequest.post(t, t.inferPath()).json(json).bytes();
    }

    static String valid(FuzzTarget t) {
        return t.validRequest().toString();
    }

    /** The valid request with its first input's value for {@code key} replaced by raw JSON text. */
    static String withFirstInput(FuzzTarget t, String key, String rawJson) {
        ObjectNode request = t.validRequest();
        ObjectNode in = (ObjectNode) request.withArray("inputs").get(0);
        in.put(key, "\u0000MARK\u0000");
        return request.toString().replace("\"\\u0000MARK\\u0000\"", rawJson);
    }

    static Made syntax(Random r, FuzzTarget t) {
        String v = valid(t);
        return switch (r.nextInt(16)) {
            case 0 -> {
                int at = 1 + r.nextInt(v.length() - 1);
                yield Made.refuse("JSON cut at byte " + at, post(t, utf8(v.substring(0, at))));
            }
            case 1 -> Made.refuse("content after the JSON document", post(t, utf8(v + " x")));
            case 2 -> Made.refuse("two JSON documents", post(t, utf8(v + v)));
            case 3 -> {
                byte[] b = utf8(v);
                int at = r.nextInt(b.length);
                b[at] = (byte) r.nextInt(256);
                yield Made.either("byte " + at + " replaced", post(t, b));
            }
            case 4 -> Made.refuse("closing brace missing", post(t, utf8(v.substring(0, v.length() - 1))));
            case 5 -> Made.refuse("keys unquoted", post(t, utf8(v.replace("\"inputs\"", "inputs"))));
            case 6 -> Made.refuse("single-quoted strings", post(t, utf8(v.replace('"', '\''))));
            case 7 -> Made.refuse("a comment in the JSON", post(t, utf8("/* hello */" + v)));
            case 8 -> Made.refuse("trailing comma", post(t, utf8(v.substring(0, v.length() - 1) + ",}")));
            case 9 -> Made.either("UTF-8 byte order mark first", post(t, concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8(v))));
            case 10 -> Made.either("JSON in UTF-16", post(t, v.getBytes(StandardCharsets.UTF_16BE)));
            case 11 -> Made.refuse("empty body", post(t, new byte[0]));
            case 12 -> Made.refuse("whitespace only", post(t, utf8(" \r\n\t ".repeat(1 + r.nextInt(100)))));
            case 13 -> {
                String[] values = {"null", "[]", "\"x\"", "42", "{}", "true", "[" + v + "]"};
                String s = values[r.nextInt(values.length)];
                yield Made.refuse("the body is " + (s.length() > 8 ? "an array holding the request" : s), post(t, utf8(s)));
            }
            case 14 -> Made.refuse("a raw control character in a string", withControl(t));
            default -> Made.refuse("random bytes", post(t, randomBytes(r, 1 + r.nextInt(4096))));
        };
    }

    private static byte[] withControl(FuzzTarget t) {
        // the id is free text, so the control character is the only fault: Jackson refuses it unescaped
        return post(t, utf8(valid(t).replace("\"fuzz\"", "\"fu\u0001zz\"")));
    }

    static Made nesting(Random r, FuzzTarget t) {
        int[] depths = {1_001, 5_000, 100_000};
        int depth = depths[r.nextInt(depths.length)];
        String open = "[".repeat(depth), close = "]".repeat(depth);
        return switch (r.nextInt(5)) {
            case 0 -> Made.refuse("data nested " + depth + " deep", post(t, utf8(withFirstInput(t, "data", open + "0" + close))));
            case 1 -> Made.refuse("the body an array nested " + depth + " deep", post(t, utf8(open + close)));
            case 2 -> Made.refuse("parameters an object nested " + depth + " deep",
                    post(t, utf8("{\"parameters\":" + "{\"a\":".repeat(depth) + "1" + "}".repeat(depth) + "," + valid(t).substring(1))));
            case 3 -> Made.refuse("shape nested " + depth + " deep", post(t, utf8(withFirstInput(t, "shape", open + "1" + close))));
            default -> Made.refuse("an unclosed nesting " + depth + " deep", post(t, utf8("{\"inputs\":" + open)));
        };
    }

    static Made duplicateKeys(Random r, FuzzTarget t) {
        String v = valid(t);
        return switch (r.nextInt(5)) {
            case 0 -> Made.refuse("key 'inputs' twice", post(t, utf8(v.substring(0, v.length() - 1) + ",\"inputs\":[]}")));
            case 1 -> Made.refuse("key 'id' twice", post(t, utf8("{\"id\":\"a\"," + v.substring(1))));
            case 2 -> Made.refuse("key 'datatype' twice in an input",
                    post(t, utf8(v.replaceFirst("\"datatype\":", "\"datatype\":\"INT8\",\"datatype\":"))));
            case 3 -> Made.refuse("key 'shape' twice in an input", post(t, utf8(v.replaceFirst("\"shape\":", "\"shape\":[1],\"shape\":"))));
            default -> Made.refuse("key 'timeout' twice in parameters",
                    post(t, utf8("{\"parameters\":{\"timeout\":1000,\"timeout\":2000}," + v.substring(1))));
        };
    }

    static Made encoding(Random r, FuzzTarget t) {
        byte[][] bad = {{(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xC0, (byte) 0xAF},
                {(byte) 0xE2, (byte) 0x82}, {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}};
        String[] names = {"an invalid continuation", "0xFF", "an encoded surrogate", "an overlong '/'", "a cut 3-byte sequence",
                "a 5-byte sequence"};
        int which = r.nextInt(bad.length);
        String v = valid(t);
        String first = t.inputs().get(0).name();
        return switch (r.nextInt(5)) {
            case 0 -> Made.refuse("the input's name holds " + names[which] + " (not UTF-8)", post(t, splice(v, "\"" + first + "\"", bad[which])));
            case 1 -> Made.refuse("the id holds " + names[which] + " (not UTF-8)", post(t, splice(v, "\"fuzz\"", bad[which])));
            case 2 -> Made.refuse("the datatype holds " + names[which] + " (not UTF-8)",
                    post(t, splice(v, "\"" + t.inputs().get(0).datatype() + "\"", bad[which])));
            case 3 -> Made.refuse("the input's name a lone surrogate escape", post(t, utf8(v.replace("\"" + first + "\"", "\"\\ud800\""))));
            default -> Made.refuse("the input's name with an escaped NUL", post(t, utf8(v.replace("\"" + first + "\"", "\"" + first + "\\u0000\""))));
        };
    }

    /** {@code v} with the bytes put inside the first occurrence of the quoted string {@code quoted}. */
    static byte[] splice(String v, String quoted, byte[] inside) {
        int at = v.indexOf(quoted);
        byte[] before = utf8(v.substring(0, at + 1)), after = utf8(v.substring(at + 1));
        return concat(concat(before, inside), after);
    }

    static byte[] concat(byte[] a, byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(a.length + b.length);
        out.writeBytes(a);
        out.writeBytes(b);
        return out.toByteArray();
    }

    static byte[] randomBytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }
}
