/**
 * Small data structures on the hot paths: {@link io.baton.core.util.DeadlineQueue} (a model's requests in deadline
 * order), {@link io.baton.core.util.IndexedMinHeap}, {@link io.baton.core.util.Nearest} (the k nearest points of a scan), and {@link io.baton.core.util.HttpClientThreads} (keeps the JDK
 * {@code HttpClient} from starting a thread per response); and {@link io.baton.core.util.Checks}, the argument checks
 * value records share.
 */
package io.baton.core.util;
