package io.baton.cli.bench.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Against a real socket whose other end answers (or does not) as each test says. */
class RawExchangeTest {

    static final FuzzCase CASE = new FuzzCase(1, 0, "syntax", "x", "POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}"
            .getBytes(StandardCharsets.ISO_8859_1), Delivery.WHOLE, false);

    static RawExchange.Answer exchange(FuzzCase c, int timeoutMs, Consumer<Socket> server) throws Exception {
        try (ServerSocket listening = new ServerSocket(0)) {
            Thread t = new Thread(() -> {
                try (Socket s = listening.accept()) {
                    server.accept(s);
                } catch (IOException e) {
                    // the test's client is gone
                }
            });
            t.setDaemon(true);
            t.start();
            return new RawExchange("127.0.0.1", listening.getLocalPort(), timeoutMs).send(c);
        }
    }

    static void answer(Socket s, String text) {
        try {
            s.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void readsAnAnswerByItsContentLength() throws Exception {
        RawExchange.Answer a = exchange(CASE, 5_000, s -> answer(s, "HTTP/1.1 400 \r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"error\":\"x\"}"));
        assertThat(a.status()).isEqualTo(400);
        assertThat(a.header("Content-Type")).isEqualTo("application/json");
        assertThat(a.bodyText()).isEqualTo("{\"error\":\"x\"}");
    }

    @Test
    void readsAChunkedAnswerAfterAnInterimOne() throws Exception {
        RawExchange.Answer a = exchange(CASE, 5_000, s -> answer(s, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 405 \r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\n{\"err\r\n8\r\nor\":\"m\"}\r\n0\r\n\r\n"));
        assertThat(a.status()).isEqualTo(405);
        assertThat(a.bodyText()).isEqualTo("{\"error\":\"m\"}");
    }

    @Test
    void aServerThatSaysNothingIsAHang() throws Exception {
        RawExchange.Answer a = exchange(CASE, 300, s -> {
            try {
                Thread.sleep(3_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(a.hang()).as(String.valueOf(a)).isTrue();
    }

    @Test
    void aConnectionClosedWithoutAnAnswerIsNoAnswer() throws Exception {
        RawExchange.Answer a = exchange(CASE, 5_000, s -> { });
        assertThat(a.answered()).isFalse();
        assertThat(a.hang()).isFalse();
    }

    @Test
    void aCutCaseShutsItsSendingSideAfterItsBytes() throws Exception {
        FuzzCase cut = new FuzzCase(1, 0, "headers", "x", CASE.bytes(), Delivery.cut(10), false);
        RawExchange.Answer a = exchange(cut, 5_000, s -> {
            try {
                InputStream in = s.getInputStream();
                byte[] got = in.readAllBytes(); // ends when the client shuts its side
                answer(s, "HTTP/1.1 400 \r\nContent-Length: " + got.length + "\r\n\r\n" + new String(got, StandardCharsets.ISO_8859_1));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(a.bodyText()).isEqualTo("POST / HTT");
    }
}
