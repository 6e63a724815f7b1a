package io.baton.cli.bench.live;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Whether a request that failed through one gateway may be sent once more through another, as a client-side balancer
 * (Envoy's {@code retry_on: connect-failure,reset}, a Kubernetes ingress) does: only when no answer had begun, that
 * is no status line and headers had arrived, and the failure was the connection's (refused, not made in time, reset
 * or closed) rather than the request's own deadline. Inference has no effect besides its answer, so a request the
 * dead gateway may have passed on before it died costs at most some work twice; a request that got an HTTP answer,
 * any status, is never sent again: the answer stands.
 */
public final class Resend {
    private Resend() {}

    /**
     * @param failure      what ended the exchange (a {@link CompletionException} is looked through)
     * @param answerBegun  whether the response's status line and headers had arrived before it failed
     */
    public static boolean allowed(Throwable failure, boolean answerBegun) {
        if (answerBegun || failure == null) return false;
        Throwable f = unwrap(failure);
        if (f instanceof HttpConnectTimeoutException) return true;   // no connection was made: nothing was sent
        if (f instanceof HttpTimeoutException) return false;         // the request's own deadline: no time left anyway
        if (f instanceof ConnectException) return true;              // refused: nothing listens there
        return f instanceof IOException;                             // reset or closed before any answer
    }

    private static Throwable unwrap(Throwable t) {
        Throwable f = t;
        while ((f instanceof CompletionException || f instanceof ExecutionException) && f.getCause() != null) f = f.getCause();
        return f;
    }
}
