package io.baton.gateway.serving;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import io.baton.gateway.GatewayException;

/** Waiting on a scheduler call and getting its {@link GatewayException} back unwrapped. */
final class Futures {

    private Futures() {
    }

    static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw unwrap(e);
        }
    }

    static GatewayException unwrap(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof GatewayException g) {
            return g;
        }
        return GatewayException.badGateway("scheduler-failed", "scheduler call failed: " + t);
    }
}
