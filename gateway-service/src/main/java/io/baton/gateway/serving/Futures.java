package io.baton.gateway.serving;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import io.baton.commons.tensor.TensorException;
import io.baton.gateway.GatewayException;

/** Waiting on a scheduler call and getting its {@link GatewayException} back unwrapped. */
public final class Futures {

    private Futures() {
    }

    static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw failure(e);
        }
    }

    /**
     * What a request that failed with {@code failure} is refused with: a {@link GatewayException} as it is, a tensor
     * the answer's names did not fit (thrown where the answer was read) as that {@link TensorException}, anything else
     * as the scheduler call's failure.
     */
    public static RuntimeException failure(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t instanceof TensorException tensor ? tensor : unwrap(t);
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
