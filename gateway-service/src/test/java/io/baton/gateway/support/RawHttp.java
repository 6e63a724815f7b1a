package io.baton.gateway.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * HTTP/1.1 over a plain socket, for what the JDK client will not send or cannot do: a path with dot segments as
 * written, a body that trickles in a byte at a time, a body abandoned half-way, a request from another loopback
 * address (any of 127.0.0.0/8 is this host on Linux, so one test can be several clients).
 */
public final class RawHttp {

    private RawHttp() {
    }

    /** An answer: its status (0 when none came within the time), its head and body as text. */
    public record Answer(int status, String head, String body) {
        public boolean timedOut() {
            return status == 0;
        }

        public String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).strip();
                }
            }
            return null;
        }
    }

    /** Sends {@code request} (head and body, as bytes) from {@code from} and reads one answer, closing after it. */
    public static Answer exchange(String from, int port, byte[] request, int timeoutMs) throws IOException {
        try (Socket s = open(from, port)) {
            s.setSoTimeout(timeoutMs);
            s.getOutputStream().write(request);
            s.getOutputStream().flush();
            return read(s.getInputStream());
        } catch (SocketTimeoutException e) {
            return new Answer(0, "", "");
        }
    }

    public static Answer get(String from, int port, String path, int timeoutMs) throws IOException {
        return exchange(from, port, ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII), timeoutMs);
    }

    public static Answer post(String from, int port, String path, String body, int timeoutMs) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        byte[] head = ("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + b.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[head.length + b.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(b, 0, all, head.length, b.length);
        return exchange(from, port, all, timeoutMs);
    }

    public static Socket open(String from, int port) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        s.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
        return s;
    }

    /** One answer's head and body (by Content-Length, else to the end of the stream). */
    public static Answer read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int c;
        while (matched < 4 && (c = in.read()) >= 0) {
            head.write(c);
            matched = (c == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (c == '\r' ? 1 : 0);
        }
        String h = head.toString(StandardCharsets.ISO_8859_1);
        if (h.isEmpty()) {
            return new Answer(-1, "", ""); // closed without an answer
        }
        int status = Integer.parseInt(h.substring(9, 12));
        Answer partial = new Answer(status, h, "");
        String length = partial.header("Content-Length");
        byte[] body;
        if (length != null) {
            body = in.readNBytes(Integer.parseInt(length));
        } else if ("chunked".equalsIgnoreCase(partial.header("Transfer-Encoding"))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            while (true) {
                String size = line(in);
                int n = Integer.parseInt(size.split(";")[0].strip(), 16);
                if (n == 0) {
                    line(in);
                    break;
                }
                out.write(in.readNBytes(n));
                line(in);
            }
            body = out.toByteArray();
        } else {
            body = in.readAllBytes();
        }
        return new Answer(status, h, new String(body, StandardCharsets.UTF_8));
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (c != '\r') {
                b.append((char) c);
            }
        }
        return b.toString();
    }

    /**
     * Connections that each declare a body of {@code declared} bytes on {@code path} and then send one byte every
     * {@code everyMs}: the slow sender. {@link #close} drops them all.
     */
    public static final class SlowSenders implements AutoCloseable {

        private final List<Socket> sockets = new ArrayList<>();
        private final ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "slow-senders");
            t.setDaemon(true);
            return t;
        });

        public SlowSenders(String from, int port, String path, int count, int declared, long everyMs)
                throws IOException {
            byte[] head = ("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + declared + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < count; i++) {
                Socket s = open(from, port);
                s.getOutputStream().write(head);
                s.getOutputStream().write(' ');
                s.getOutputStream().flush();
                sockets.add(s);
            }
            trickle.scheduleAtFixedRate(() -> {
                for (Socket s : sockets) {
                    try {
                        if (s.getInputStream().available() > 0) {
                            continue; // answered: another byte would meet a closed socket, whose reset loses the answer
                        }
                        s.getOutputStream().write(' ');
                        s.getOutputStream().flush();
                    } catch (IOException closedByTheServer) {
                        // what the gateway should do to it
                    }
                }
            }, everyMs, everyMs, TimeUnit.MILLISECONDS);
        }

        /** The statuses the senders got, each waited for at most {@code waitMs} (0: none yet; -1: closed). */
        public List<Integer> answered(int waitMs) {
            return answers(waitMs).stream().map(Answer::status).toList();
        }

        /** The answer each sender got, waited for at most {@code waitMs} (status 0: none yet; -1: closed). */
        public List<Answer> answers(int waitMs) {
            List<Answer> answers = new ArrayList<>();
            for (Socket s : sockets) {
                try {
                    s.setSoTimeout(waitMs);
                    answers.add(read(s.getInputStream()));
                } catch (IOException e) {
                    answers.add(new Answer(e instanceof SocketTimeoutException ? 0 : -1, "", ""));
                }
            }
            return answers;
        }

        public int count() {
            return sockets.size();
        }

        @Override
        public void close() {
            trickle.shutdownNow();
            for (Socket s : sockets) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
        }
    }

    /** Writes {@code bytes} and flushes, for a test that sends a body in pieces. */
    public static void write(OutputStream out, byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }
}
