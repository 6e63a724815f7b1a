package io.baton.cli.bench.live;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Open-loop Poisson arrivals, as {@link OpenLoop} sends them, that run until {@link #stop} rather than for a fixed
 * time: a load kept steady across something whose length is not known in advance (a service killed and restarted).
 * Each request is sent at its time without waiting for any answer; every one ends in an {@link Outcome}, a timeout or
 * a broken connection as no answer.
 */
public final class SteadyLoad {
    /** One request: when it was sent (seconds since the load began) and what became of it. */
    public record Sent(double atSeconds, Outcome outcome) {}

    private final Requests requests;
    private final KeepAliveHttp client;
    private final double rate;
    private final Duration timeout;
    private final long start = System.nanoTime();
    private final List<Double> sentAt = new ArrayList<>(); // written by the sender thread only, read after it ends
    private final ConcurrentHashMap<Integer, Outcome> outcomes = new ConcurrentHashMap<>();
    private final Thread sender;
    private volatile boolean stopping;

    private SteadyLoad(Requests requests, KeepAliveHttp client, double rate, long seed, Duration timeout) {
        this.requests = requests;
        this.client = client;
        this.rate = rate;
        this.timeout = timeout;
        this.sender = new Thread(() -> send(new SplittableRandom(seed)), "steady-load");
        this.sender.setDaemon(true);
        this.sender.start();
    }

    /**
     * Starts sending OIP requests of one example each, the {@code count} examples of {@code examples} (each of shape
     * {@code dims}, input {@code inputName}) in turn, to {@code inferUrl} at {@code rate} per second.
     */
    public static SteadyLoad rest(URI inferUrl, String inputName, float[] examples, int[] dims, int count, double rate, long seed,
                                  Duration timeout) {
        if (!(rate > 0)) throw new IllegalArgumentException("the rate must be > 0, got " + rate);
        KeepAliveHttp client = HttpRequests.client();
        return new SteadyLoad(new HttpRequests(client, inferUrl, inputName, examples, dims, count, timeout), client, rate, seed, timeout);
    }

    /**
     * As {@link #rest(URI, String, float[], int[], int, double, long, Duration)}, through every gateway of
     * {@code inferUrls} (one per gateway, the same route on each) as a client-side balancer sends:
     * {@link BalancedHttpRequests}.
     */
    public static SteadyLoad rest(List<URI> inferUrls, String inputName, float[] examples, int[] dims, int count, double rate,
                                  long seed, Duration timeout) {
        if (!(rate > 0)) throw new IllegalArgumentException("the rate must be > 0, got " + rate);
        KeepAliveHttp client = HttpRequests.client();
        List<HttpRequests> gateways = inferUrls.stream()
                .map(url -> new HttpRequests(client, url, inputName, examples, dims, count, timeout)).toList();
        return new SteadyLoad(new BalancedHttpRequests(client, gateways, timeout), client, rate, seed, timeout);
    }

    /** Seconds since the load began, on the clock its send times are on. */
    public double elapsedSeconds() {
        return (System.nanoTime() - start) / 1e9;
    }

    private void send(SplittableRandom random) {
        double t = gap(random);
        for (int i = 0; !stopping; i++) {
            long due = start + (long) (t * 1e9);
            long wait;
            while (!stopping && (wait = due - System.nanoTime()) > 0) LockSupport.parkNanos(Math.min(wait, 50_000_000L));
            if (stopping) return;
            int k = i;
            sentAt.add(elapsedSeconds());
            requests.send(i, o -> outcomes.put(k, o));
            t += gap(random);
        }
    }

    private double gap(SplittableRandom random) {
        return -Math.log(1 - random.nextDouble()) / rate;
    }

    /**
     * Stops sending and waits for every request sent to end (the client's timeout ends each; a little past it, one
     * still without an outcome counts as no answer). Answers every request, in the order sent.
     */
    public List<Sent> stop() throws InterruptedException {
        stopping = true;
        sender.join();
        long end = System.nanoTime() + timeout.toNanos() + TimeUnit.SECONDS.toNanos(30);
        while (outcomes.size() < sentAt.size() && System.nanoTime() < end) Thread.sleep(20);
        List<Sent> all = new ArrayList<>(sentAt.size());
        for (int i = 0; i < sentAt.size(); i++) {
            Outcome o = outcomes.get(i);
            all.add(new Sent(sentAt.get(i), o != null ? o : Outcome.noAnswer(Double.NaN, new IllegalStateException("no outcome"))));
        }
        client.close();
        return all;
    }
}
