package io.baton.cli.bench.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * An HTTP/1.1 request as bytes, built header by header so that a case can lie in any of them: a
 * {@code Content-Length} that is not the body's, two of one header, a header with bytes no header may hold. Unless
 * a case says otherwise it carries {@code Host}, {@code Content-Length} of the body and {@code Connection: close} (one
 * request per connection: a case never leaves bytes that Tomcat would read as the next request).
 */
final class WireRequest {
    private String requestLine;
    private final List<byte[]> headers = new ArrayList<>();
    private byte[] body = new byte[0];
    private boolean contentLength = true;

    WireRequest(String method, String target) {
        this.requestLine = method + " " + target + " HTTP/1.1";
    }

    static WireRequest post(FuzzTarget target, String path) {
        return new WireRequest("POST", path).header("Host", target.hostPort());
    }

    WireRequest requestLine(String line) {
        this.requestLine = line;
        return this;
    }

    WireRequest header(String name, String value) {
        headers.add((name + ": " + value).getBytes(StandardCharsets.ISO_8859_1));
        return this;
    }

    /** A header line as raw bytes (without its CRLF), for the ones that are not {@code name: value}. */
    WireRequest rawHeader(byte[] line) {
        headers.add(line);
        return this;
    }

    WireRequest body(byte[] body) {
        this.body = body;
        return this;
    }

    WireRequest json(byte[] body) {
        return header("Content-Type", "application/json").body(body);
    }

    /** Leaves {@code Content-Length} to the case (which gives its own, or none). */
    WireRequest noContentLength() {
        this.contentLength = false;
        return this;
    }

    byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 256);
        out.writeBytes(requestLine.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(CRLF);
        for (byte[] h : headers) {
            out.writeBytes(h);
            out.writeBytes(CRLF);
        }
        if (contentLength) out.writeBytes(("Content-Length: " + body.length + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes("Connection: close\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body);
        return out.toByteArray();
    }

    private static final byte[] CRLF = {'\r', '\n'};
}
