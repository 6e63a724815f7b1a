package io.baton.cli.bench.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Sends a case's bytes over a plain TCP connection, as its {@link Delivery} says, and reads the one answer: status,
 * headers and body (by {@code Content-Length}, chunked, or up to the close). Everything within one time limit,
 * counted from the connection: no answer by then is a hang. Writing may fail once the gateway has answered and
 * closed (a refused request is not read to its end); the answer is read anyway.
 */
public final class RawExchange {

    /** The answer, or why there is none: {@code hang} (nothing within the limit) or {@code closed} (the connection ended). */
    public record Answer(int status, Map<String, String> headers, byte[] body, boolean hang, String failure) {
        static Answer hang(String why) {
            return new Answer(0, Map.of(), new byte[0], true, why);
        }

        static Answer closed(String why) {
            return new Answer(0, Map.of(), new byte[0], false, why);
        }

        /**
         * An HTTP/0.9 answer, to a request line without a version: the body alone, no status line or headers
         * (what Tomcat sends, as the protocol has it). {@link Verdict} judges it by the body.
         */
        static Answer http09(byte[] body) {
            return new Answer(0, Map.of(), body, false, HTTP_09);
        }

        public boolean isHttp09() {
            return HTTP_09.equals(failure);
        }

        public boolean answered() {
            return status > 0;
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** A header by its lower-case name, or null. */
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    static final String HTTP_09 = "an HTTP/0.9 answer: a body without a status line";

    private final String host;
    private final int port;
    private final int timeoutMs;

    public RawExchange(String host, int port, int timeoutMs) {
        this.host = host;
        this.port = port;
        this.timeoutMs = timeoutMs;
    }

    public Answer send(FuzzCase c) {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), timeoutMs);
            socket.setTcpNoDelay(true);
            Thread writer = write(socket, c, deadline);
            try {
                return read(new Reader(new java.io.BufferedInputStream(socket.getInputStream()), socket, deadline, timeoutMs),
                        c.bytes().length >= 5 && new String(c.bytes(), 0, 5, StandardCharsets.ISO_8859_1).equals("HEAD "));
            } finally {
                writer.interrupt();
            }
        } catch (SocketTimeoutException e) {
            return Answer.hang("no answer within " + timeoutMs + " ms");
        } catch (IOException e) {
            return Answer.closed("the connection ended without an answer: " + e.getMessage());
        }
    }

    /**
     * Writes on its own thread, so that an answer the gateway sends before the body is all in (a refusal, a 408 to a
     * trickle) is read while the writing still goes on.
     */
    private Thread write(Socket socket, FuzzCase c, long deadline) {
        Thread thread = new Thread(() -> {
            try {
                OutputStream out = socket.getOutputStream();
                byte[] b = c.bytes();
                Delivery d = c.delivery();
                switch (d.mode()) {
                    case WHOLE -> out.write(b);
                    case CUT -> {
                        out.write(b, 0, Math.min(d.at(), b.length));
                        out.flush();
                        socket.shutdownOutput();
                    }
                    case STALL -> out.write(b, 0, Math.min(d.at(), b.length));
                    case TRICKLE -> {
                        out.write(b, 0, d.at());
                        out.flush();
                        for (int i = d.at(); i < b.length && System.nanoTime() < deadline; i += d.chunk()) {
                            Thread.sleep(d.pauseMs());
                            out.write(b, i, Math.min(d.chunk(), b.length - i));
                            out.flush();
                        }
                    }
                }
                out.flush();
            } catch (IOException | InterruptedException e) {
                // the gateway answered and closed, or the case is over: what it answered is read regardless
            }
        }, "fuzz-writer");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static Answer read(Reader in, boolean head) throws IOException {
        String statusLine = in.line();
        if (statusLine == null) return Answer.closed("the connection was closed without an answer");
        if (!statusLine.startsWith("HTTP/")) {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            body.writeBytes((statusLine + "\n").getBytes(StandardCharsets.ISO_8859_1));
            body.writeBytes(in.rest());
            return Answer.http09(body.toByteArray());
        }
        String[] parts = statusLine.split(" ", 3);
        int status;
        try {
            status = parts.length >= 2 && parts[0].startsWith("HTTP/") ? Integer.parseInt(parts[1]) : -1;
        } catch (NumberFormatException e) {
            status = -1;
        }
        if (status < 100) return Answer.closed("not an HTTP answer: " + statusLine);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = in.line(); line != null && !line.isEmpty(); line = in.line()) {
            int colon = line.indexOf(':');
            if (colon > 0) headers.merge(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim(), (a, b) -> a + ", " + b);
        }
        if (status == 100) return read(in, head); // an interim answer to Expect: the real one follows
        byte[] body;
        String length = headers.get("content-length");
        if (head) {
            body = new byte[0];
        } else if ("chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", ""))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int n = Integer.parseInt(in.line().split(";")[0].trim(), 16); n > 0; n = Integer.parseInt(in.line().split(";")[0].trim(), 16)) {
                out.writeBytes(in.bytes(n));
                in.line();
            }
            body = out.toByteArray();
        } else if (length != null) {
            body = in.bytes(Integer.parseInt(length));
        } else if (status == 204 || status == 304) {
            body = new byte[0];
        } else {
            body = in.rest();
        }
        return new Answer(status, headers, body, false, null);
    }

    /** Reads lines and bytes, each read bounded by what is left of the case's time. */
    private static final class Reader {
        private final InputStream in;
        private final Socket socket;
        private final long deadline;
        private final int timeoutMs;

        Reader(InputStream in, Socket socket, long deadline, int timeoutMs) {
            this.in = in;
            this.socket = socket;
            this.deadline = deadline;
            this.timeoutMs = timeoutMs;
        }

        private int next() throws IOException {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) throw new SocketTimeoutException("no answer within " + timeoutMs + " ms");
            socket.setSoTimeout((int) Math.max(1, left));
            return in.read();
        }

        String line() throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int b = next(); b != '\n'; b = next()) {
                if (b < 0) return out.size() == 0 ? null : out.toString(StandardCharsets.ISO_8859_1);
                if (b != '\r') out.write(b);
            }
            return out.toString(StandardCharsets.ISO_8859_1);
        }

        byte[] bytes(int n) throws IOException {
            byte[] b = new byte[n];
            for (int i = 0; i < n; i++) {
                int c = next();
                if (c < 0) throw new IOException("the answer ended after " + i + " of its " + n + " bytes");
                b[i] = (byte) c;
            }
            return b;
        }

        byte[] rest() throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int c = next(); c >= 0; c = next()) out.write(c);
            return out.toByteArray();
        }
    }
}
