package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Which failures a client-side balancer sends once more through another gateway, and which it never does. */
class ResendTest {

    @Test
    void reSendsWhatNoGatewayAnsweredAtAll() {
        assertThat(Resend.allowed(new ConnectException("Connection refused"), false)).as("refused").isTrue();
        assertThat(Resend.allowed(new CompletionException(new ConnectException()), false)).as("refused, as sendAsync reports it").isTrue();
        assertThat(Resend.allowed(new HttpConnectTimeoutException("HTTP connect timed out"), false)).as("no connection in time").isTrue();
        assertThat(Resend.allowed(new IOException("Connection reset"), false)).as("reset before any answer").isTrue();
        assertThat(Resend.allowed(new CompletionException(new IOException("HTTP/1.1 header parser received no bytes")), false))
                .as("closed before any answer").isTrue();
        assertThat(Resend.allowed(new EOFException("EOF reached while reading"), false)).isTrue();
    }

    @Test
    void neverReSendsARequestWhoseAnswerHadBegun() {
        assertThat(Resend.allowed(new IOException("Connection reset"), true)).as("reset mid-answer").isFalse();
        assertThat(Resend.allowed(new EOFException("EOF reached while reading"), true)).isFalse();
        assertThat(Resend.allowed(new ConnectException(), true)).isFalse();
    }

    @Test
    void neverReSendsPastItsDeadlineOrOnAFailureNotTheConnections() {
        assertThat(Resend.allowed(new HttpTimeoutException("request timed out"), false)).as("its own deadline").isFalse();
        assertThat(Resend.allowed(new CompletionException(new HttpTimeoutException("request timed out")), false)).isFalse();
        assertThat(Resend.allowed(new IllegalArgumentException("bad header"), false)).isFalse();
        assertThat(Resend.allowed(new CompletionException(new IllegalStateException("closed client")), false)).isFalse();
        assertThat(Resend.allowed(null, false)).isFalse();
    }
}
