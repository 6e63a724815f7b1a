package io.baton.cli.bench.fuzz;

import static io.baton.cli.bench.fuzz.FuzzCase.utf8;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * What is wrong before the JSON: headers that lie or overflow, paths with odd encodings, methods the route does not
 * take, request lines Tomcat must refuse, and bodies sent too slowly.
 */
final class WireCases {
    private WireCases() {}

    static Made headers(Random r, FuzzTarget t) {
        byte[] json = utf8(JsonCases.valid(t));
        return switch (r.nextInt(18)) {
            case 0 -> {
                int extra = 1 + r.nextInt(4096);
                byte[] req = WireRequest.post(t, t.inferPath()).header("Content-Type", "application/json")
                        .header("Content-Length", String.valueOf(json.length + extra)).noContentLength().body(json).bytes();
                yield new Made("Content-Length " + extra + " bytes more than sent, then the sending side shut", req, Delivery.cut(req.length), false);
            }
            case 1 -> {
                int less = 1 + r.nextInt(json.length - 1);
                yield Made.refuse("Content-Length " + less + " bytes less than sent", WireRequest.post(t, t.inferPath())
                        .header("Content-Type", "application/json").header("Content-Length", String.valueOf(json.length - less))
                        .noContentLength().body(json).bytes());
            }
            case 2 -> {
                String[] raw = {"-5", "abc", "1e3", "0x10", "", " ", "18446744073709551616", "99999999999999999999999", "1,2"};
                String cl = raw[r.nextInt(raw.length)];
                yield Made.refuse("Content-Length '" + cl + "'", WireRequest.post(t, t.inferPath()).header("Content-Type", "application/json")
                        .header("Content-Length", cl).noContentLength().body(json).bytes());
            }
            case 3 -> Made.refuse("two different Content-Length headers", WireRequest.post(t, t.inferPath())
                    .header("Content-Type", "application/json").header("Content-Length", String.valueOf(json.length))
                    .header("Content-Length", String.valueOf(json.length + 1)).noContentLength().body(json).bytes());
            case 4 -> Made.either("Content-Length and Transfer-Encoding: chunked", WireRequest.post(t, t.inferPath())
                    .header("Content-Type", "application/json").header("Transfer-Encoding", "chunked").body(chunked(json, 100)).bytes());
            case 5 -> {
                String[] raw = {"gzip", "gzip, chunked", "chunked, gzip", "identity", "x-unknown", "chunked, chunked", "CHUNKED ", "\tchunked"};
                String te = raw[r.nextInt(raw.length)];
                yield Made.either("Transfer-Encoding '" + te + "'", WireRequest.post(t, t.inferPath()).header("Content-Type", "application/json")
                        .header("Transfer-Encoding", te).noContentLength().body(chunked(json, 64)).bytes());
            }
            case 6 -> {
                String[] sizes = {"zz", "ffffffffffffffffff", "-1", "7fffffff", "1;" + "x".repeat(10_000), ""};
                String size = sizes[r.nextInt(sizes.length)];
                byte[] body = (size + "\r\n" + new String(json, StandardCharsets.ISO_8859_1) + "\r\n0\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
                yield Made.refuse("a chunk size '" + (size.length() > 20 ? "1;x… (10002 bytes)" : size) + "'",
                        WireRequest.post(t, t.inferPath()).header("Content-Type", "application/json").header("Transfer-Encoding", "chunked")
                                .noContentLength().body(body).bytes());
            }
            case 7 -> {
                byte[] body = chunked(json, 50);
                byte[] cut = java.util.Arrays.copyOf(body, body.length - 5 - r.nextInt(Math.min(body.length - 5, 200)));
                byte[] req = WireRequest.post(t, t.inferPath()).header("Content-Type", "application/json").header("Transfer-Encoding", "chunked")
                        .noContentLength().body(cut).bytes();
                yield new Made("a chunked body cut short, then the sending side shut", req, Delivery.cut(req.length), false);
            }
            case 8 -> {
                String[] types = {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16",
                        "image/png", "*/*", "application/json; charset=nope", "\u00e9\u00e9", "application/" + "x".repeat(4_000), ";;;"};
                String type = types[r.nextInt(types.length)];
                yield Made.either("Content-Type '" + (type.length() > 40 ? "application/x… (4012 characters)" : type) + "'",
                        WireRequest.post(t, t.inferPath()).header("Content-Type", type).body(json).bytes());
            }
            case 9 -> {
                String[] encodings = {"gzip", "br", "deflate", "x-unknown", "gzip, identity", "compress"};
                String e = encodings[r.nextInt(encodings.length)];
                yield Made.refuse("Content-Encoding '" + e + "' on a body sent plain", WireRequest.post(t, t.inferPath())
                        .header("Content-Type", "application/json").header("Content-Encoding", e).body(json).bytes());
            }
            case 10 -> {
                int size = 9_000 + r.nextInt(200_000);
                yield Made.refuse("one header of " + size + " bytes", WireRequest.post(t, t.inferPath()).json(json)
                        .header("X-Fuzz", "a".repeat(size)).bytes());
            }
            case 11 -> {
                int n = 101 + r.nextInt(5_000);
                WireRequest w = WireRequest.post(t, t.inferPath()).json(json);
                for (int i = 0; i < n; i++) w.header("X-Fuzz-" + i, "v");
                yield Made.either(n + " headers", w.bytes());
            }
            case 12 -> {
                byte[][] lines = {utf8("X-Fuzz"), utf8("X Fuzz: 1"), utf8("X-Fuzz : 1"), {'X', ':', 0, '1'}, {'X', ':', ' ', 0x7f},
                        utf8(": no-name"), {(byte) 0xC3, (byte) 0xA9, ':', ' ', '1'}, utf8("X-Fuzz: a\r\n b")};
                String[] names = {"a header without a colon", "a space in a header name", "a space before the colon", "a NUL in a header value",
                        "DEL in a header value", "a header without a name", "a non-ASCII header name", "a folded header line"};
                int i = r.nextInt(lines.length);
                yield Made.either(names[i], WireRequest.post(t, t.inferPath()).json(json).rawHeader(lines[i]).bytes());
            }
            case 13 -> {
                String[] raw = {"-1", "abc", "1e3", "", "99999999999999999999999", "2147483648", String.valueOf(json.length + 10)};
                String h = raw[r.nextInt(raw.length)];
                yield new Made("Inference-Header-Content-Length '" + h + "' on a JSON request", // blank: no header
                        WireRequest.post(t, t.inferPath()).json(json).header(BinaryCases.HEADER, h).bytes(), Delivery.WHOLE, h.isEmpty());
            }
            case 14 -> Made.either("Expect: 100-continue", WireRequest.post(t, t.inferPath()).json(json).header("Expect", "100-continue").bytes());
            case 15 -> Made.either("Expect: something unknown", WireRequest.post(t, t.inferPath()).json(json).header("Expect", "fuzz").bytes());
            case 16 -> Made.refuse("no Host header", new WireRequest("POST", t.inferPath()).json(json).bytes());
            default -> Made.either("two Host headers", WireRequest.post(t, t.inferPath()).header("Host", "other.example").json(json).bytes());
        };
    }

    static byte[] chunked(byte[] body, int chunk) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < body.length; i += chunk) {
            int n = Math.min(chunk, body.length - i);
            out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body, i, n);
            out.writeBytes(new byte[] {'\r', '\n'});
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        return out.toByteArray();
    }

    static Made path(Random r, FuzzTarget t) {
        String app = t.app();
        String[] paths = {"/v2/models/%2e%2e/infer", "/v2/models/" + app + "%00/infer", "/v2/models/%ZZ/infer", "/v2/models/%C3%28/infer",
                "/v2/models//infer", "/v2/models/" + "a".repeat(new int[] {129, 4_000, 7_900 + r.nextInt(300), 20_000}[r.nextInt(4)]) + "/infer", "/v2/models/" + app + "/versions/%2F/infer",
                "/v2/models/%F0%9F%92%A9/infer", "/v2/models/a%3Fb/infer", "/v2/models/a%23b/infer", "/v2/models/a%20b/infer",
                "/v2/models/..%2f" + app + "/infer", "/v2/models/%252e%252e/infer", "/v2/models/" + app + "/infer/", "/V2/models/" + app + "/infer",
                "/v2/models/" + app + "/versions/nope/infer", "/v2/models/" + app + "\\..\\infer", "/v2/models/a%5Cb/infer",
                "/v2/models/%u0041/infer", "/v2/models/" + app + "/versions/" + "v".repeat(5_000) + "/infer", "/v2/models/a%7Bb%7D/infer",
                "/v2/models/%00/infer", "/v2/models/a%25/infer", "/v2/models/a%2Cb/infer", "/v2/models/%E2%80%AE/infer",
                "/v2/models/" + app + "/infer?" + "x=1&".repeat(20_000), "/v2/models/" + app + "/infer?%", "/v2/models/" + app + ";x=y/infer",
                "/v2/models/" + app + "/infer#frag", "/v2//models/" + app + "/infer", "/v2/models/" + app + "/./infer", "v2/models/" + app + "/infer",
                "/v2/models/" + app + "/infer?a=%FF%FE"};
        int i = r.nextInt(paths.length);
        String p = paths[i];
        // a ;-parameter, a fragment, a query the route never reads or a doubled slash may still reach the route
        boolean mayAccept = p.contains(";x=y") || p.contains("#") || p.contains("?") || p.startsWith("/v2//");
        String shown = p.length() > 120 ? p.substring(0, 60) + "… (" + p.length() + " characters)" : p;
        return new Made("path " + shown, WireRequest.post(t, "/").requestLine("POST " + p + " HTTP/1.1")
                .json(utf8(JsonCases.valid(t))).bytes(), Delivery.WHOLE, mayAccept);
    }

    static Made method(Random r, FuzzTarget t) {
        String[] methods = {"GET", "PUT", "DELETE", "PATCH", "HEAD", "TRACE", "FOO", "post", "CONNECT", "PROPFIND", "P@ST", "POST\u0000"};
        String m = methods[r.nextInt(methods.length)];
        // OPTIONS is answered with Allow: a method the route does not take is the fault here, not asking what it takes
        String[] paths = {t.inferPath(), "/v2/health/live", "/v2", "/v2/models/" + t.app(), "/v2/repository/index"};
        String path = m.equals("GET") || m.equals("HEAD") ? t.inferPath() : paths[r.nextInt(paths.length)];
        return Made.refuse("method " + m.replace("\u0000", "\\0") + " on " + path, new WireRequest(m, path).header("Host", t.hostPort())
                .json(utf8(JsonCases.valid(t))).bytes());
    }

    static Made requestLine(Random r, FuzzTarget t) {
        String p = t.inferPath();
        String[] lines = {"POST " + p + " HTTP/9.9", "POST " + p + " HTTP/2.0", "POST " + p + " HTTP/1.1 extra", "POST " + p, "POST  " + p + "  HTTP/1.1",
                "POST\t" + p + "\tHTTP/1.1", "POST * HTTP/1.1", "POST http://" + t.hostPort() + p + " HTTP/1.1", "POST " + p + " http/1.1",
                "POST " + p + " HTTP/1.10", "", "POST " + p + " HTTP/1.1\u0000", "POST /v2/models/" + t.app() + "\u00e9/infer HTTP/1.1",
                "POST " + p + " HTTP/0.9", "POST " + p + " FTP/1.0", "\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u01fc\u0003\u0003"};
        int i = r.nextInt(lines.length);
        String line = lines[i];
        boolean either = line.startsWith("POST http://") || line.startsWith("POST\t") || line.startsWith("POST  ");
        return new Made("request line '" + FuzzCase.escape(line.getBytes(StandardCharsets.ISO_8859_1), 80).replace(p, "<infer>") + "'",
                WireRequest.post(t, p).requestLine(line).json(utf8(JsonCases.valid(t))).bytes(), Delivery.WHOLE, either);
    }

    static Made slow(Random r, FuzzTarget t) {
        byte[] json = utf8(JsonCases.valid(t));
        byte[] req = WireRequest.post(t, t.inferPath()).json(json).bytes();
        int head = req.length - json.length;
        return switch (r.nextInt(3)) {
            case 0 -> new Made("the body trickled, 1 byte every 200 ms", req, Delivery.trickle(head, 1, 200), false);
            case 1 -> new Made("the body trickled, 16 bytes every 500 ms", req, Delivery.trickle(head, 16, 500), false);
            default -> {
                int at = head + r.nextInt(json.length);
                yield new Made("the body stalls after " + (at - head) + " bytes", req, Delivery.stall(at), false);
            }
        };
    }
}
