package io.baton.cli.bench.live;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A gateway stand-in on a real loopback port that reads each HTTP/1.1 request whole, counts it, and then behaves as
 * told: answers (a status and a small JSON body, keeping the connection), resets the connection before any answer
 * byte, closes it midway through an answer, or never answers.
 */
final class FakeGateway implements AutoCloseable {
    enum Behaviour { ANSWER, RESET_BEFORE_ANSWER, CLOSE_MID_ANSWER, SILENT }

    private final ServerSocket server;
    private final Behaviour behaviour;
    private final int status;
    private final AtomicInteger requests = new AtomicInteger();
    private final List<Socket> connections = new ArrayList<>();

    FakeGateway(Behaviour behaviour, int status) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.behaviour = behaviour;
        this.status = status;
        Thread accept = new Thread(this::accept, "fake-gateway-" + server.getLocalPort());
        accept.setDaemon(true);
        accept.start();
    }

    static FakeGateway answering(int status) throws IOException {
        return new FakeGateway(Behaviour.ANSWER, status);
    }

    static FakeGateway behaving(Behaviour behaviour) throws IOException {
        return new FakeGateway(behaviour, 200);
    }

    /** A loopback URL where nothing listens: a connection there is refused. */
    static URI refusing() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return URI.create("http://127.0.0.1:" + s.getLocalPort() + "/v2/models/m/infer");
        }
    }

    URI inferUrl() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort() + "/v2/models/m/infer");
    }

    /** The requests read whole so far. */
    int requests() {
        return requests.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                synchronized (connections) {
                    connections.add(s);
                }
                Thread t = new Thread(() -> serve(s), "fake-gateway-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            while (readRequest(in)) {
                requests.incrementAndGet();
                switch (behaviour) {
                    case ANSWER -> {
                        byte[] body = (status == 200 ? "{\"outputs\": []}" : "{\"error\": \"refused here\"}").getBytes(StandardCharsets.UTF_8);
                        out.write(String.format(Locale.ROOT, "HTTP/1.1 %d X\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n",
                                status, body.length).getBytes(StandardCharsets.US_ASCII));
                        out.write(body);
                        out.flush();
                    }
                    case RESET_BEFORE_ANSWER -> {
                        s.setSoLinger(true, 0); // close sends RST
                        return;
                    }
                    case CLOSE_MID_ANSWER -> {
                        out.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"outputs\"".getBytes(
                                StandardCharsets.US_ASCII));
                        out.flush();
                        return;
                    }
                    case SILENT -> {
                        while (in.read() >= 0) {
                            // hold the connection without a word until the client gives up
                        }
                        return;
                    }
                }
            }
        } catch (IOException gone) {
            // the client went away
        }
    }

    /** Reads one request's head and its Content-Length body; false at the end of the stream. */
    private static boolean readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) return false;
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        int length = 0;
        for (String line : head.toString(StandardCharsets.US_ASCII).split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) length = Integer.parseInt(line.substring(15).strip());
        }
        return in.readNBytes(length).length == length;
    }

    @Override
    public void close() throws IOException {
        server.close();
        synchronized (connections) {
            for (Socket s : connections) s.close();
        }
    }
}
