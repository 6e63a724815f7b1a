package io.baton.core.util;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;

/**
 * Keeps the JDK {@link java.net.http.HttpClient} from starting a thread per response on small machines.
 *
 * <p>{@code HttpClient.sendAsync} hands every response to {@link CompletableFuture}'s default executor (JDK 17's
 * {@code HttpClientImpl.sendAsync} ends with {@code whenCompleteAsync(…, ASYNC_POOL)}). That executor is the common
 * {@link ForkJoinPool} only when the pool's parallelism is at least 2; the parallelism defaults to the CPU count minus
 * one, so on a machine or container with 2 CPUs or fewer it is 1, and {@code CompletableFuture} falls back to a new
 * thread for every task. Profiling the live suite on 2 cores showed exactly that: about one thread started per
 * request in the gateway (its calls to the scheduler) and one per request in the scheduler (its calls to the
 * workers), 700 a second between them at 300 requests/s. A Kubernetes pod with a CPU limit of 1 or 2 is the same
 * machine to the JVM.
 *
 * <p>The parallelism is read once, when {@code ForkJoinPool} is first used, so {@link #atLeastTwoPoolThreads()} must
 * run first thing in {@code main}; an explicit {@code -Djava.util.concurrent.ForkJoinPool.common.parallelism} is left
 * as given. The pool's threads are daemons that sit idle when there is nothing to run.
 */
public final class HttpClientThreads {

    public static final String PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";

    private HttpClientThreads() {
    }

    /**
     * Sets the common pool's parallelism to at least 2 unless it was set explicitly; returns whether async
     * completions now run on the common pool (false: the pool was already in use before this call, or a parallelism
     * below 2 was asked for explicitly).
     */
    public static boolean atLeastTwoPoolThreads() {
        if (System.getProperty(PARALLELISM) == null) {
            int cpus = Runtime.getRuntime().availableProcessors();
            System.setProperty(PARALLELISM, Integer.toString(Math.max(2, cpus - 1)));
        }
        return asyncCompletionsUseCommonPool();
    }

    /** Whether {@code CompletableFuture}'s default executor is the common pool (rather than a thread per task). */
    public static boolean asyncCompletionsUseCommonPool() {
        return new CompletableFuture<Void>().defaultExecutor() == ForkJoinPool.commonPool();
    }
}
