package io.baton.registry.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on a fixed local port to one target, that a test can cut (the listening socket and every relayed
 * connection closed: a database "gone") and restore (listening again on the same port), so that the service under
 * test sees its dependency fail and return without being reconfigured.
 */
public final class TcpProxy implements AutoCloseable {

    private final InetSocketAddress target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile ServerSocket listener;
    private int port;

    private TcpProxy(InetSocketAddress target) {
        this.target = target;
    }

    /** A relay to {@code host:port}, listening on a free local port. */
    public static TcpProxy to(String host, int port) throws IOException {
        TcpProxy proxy = new TcpProxy(new InetSocketAddress(host, port));
        proxy.restore();
        return proxy;
    }

    public int port() {
        return port;
    }

    /** Listens again (on the same port after the first time) and relays new connections. */
    public synchronized void restore() throws IOException {
        if (listener != null) return;
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        port = server.getLocalPort();
        listener = server;
        Thread accept = new Thread(() -> accept(server), "tcp-proxy-accept-" + port);
        accept.setDaemon(true);
        accept.start();
    }

    /** Stops listening and closes every relayed connection: the target looks gone (connections refused). */
    public synchronized void cut() {
        ServerSocket server = listener;
        listener = null;
        closeQuietly(server);
        for (Socket s : sockets) closeQuietly(s);
        sockets.clear();
    }

    @Override
    public void close() {
        cut();
    }

    private void accept(ServerSocket server) {
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException closed) {
                return;
            }
            Socket upstream = new Socket();
            try {
                upstream.connect(target, 5_000);
            } catch (IOException e) {
                closeQuietly(client);
                closeQuietly(upstream);
                continue;
            }
            sockets.add(client);
            sockets.add(upstream);
            if (listener != server) { // cut while connecting
                closeQuietly(client);
                closeQuietly(upstream);
                continue;
            }
            pump(client, upstream);
            pump(upstream, client);
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException closed) {
                // either side gone: close both below
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                sockets.remove(from);
                sockets.remove(to);
            }
        }, "tcp-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) return;
        try {
            c.close();
        } catch (Exception ignored) {
            // already closed
        }
    }
}
