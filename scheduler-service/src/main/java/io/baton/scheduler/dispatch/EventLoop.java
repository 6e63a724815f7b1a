package io.baton.scheduler.dispatch;

import io.baton.core.live.Mailbox;
import io.baton.core.policy.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread an engine runs on: it takes messages (arrivals, worker answers, membership changes) from a mailbox
 * and, between them, fires the engine's timers on the wall clock. Every engine's state is touched only here, so a
 * policy object written for the simulator's single-threaded loop runs unchanged.
 *
 * <p>A message that throws is logged and the loop goes on: a policy bug must not stop serving, and the request it was
 * handling is answered by its own timeout.
 */
final class EventLoop {

    private static final Logger log = LoggerFactory.getLogger(EventLoop.class);

    private final String label;
    private final Clock clock;
    private final Mailbox<Runnable> mailbox = new Mailbox<>(null);
    private final Thread thread;
    private volatile boolean running = true;
    /** The timers fired now; replaced (engine thread only) when the engine restarts its policy. */
    private WallTimers timers = new WallTimers();

    /**
     * @param threadName the thread's name, as thread dumps show it
     * @param label      how log lines name the engine
     */
    EventLoop(String threadName, String label, Clock clock) {
        this.label = label;
        this.clock = clock;
        this.thread = new Thread(this::loop, threadName);
        this.thread.setDaemon(true);
        this.mailbox.bind(thread);
    }

    /** Starts the thread; the engine calls it once its own state is set up. */
    void start() {
        thread.start();
    }

    /** Queues a message for the loop's thread (any thread). */
    void post(Runnable message) {
        mailbox.post(message);
    }

    /** The timers the loop fires now. */
    WallTimers timers() {
        return timers;
    }

    /** Replaces the timers with an empty set (engine thread only): a restarted policy's old timers never fire. */
    WallTimers freshTimers() {
        timers = new WallTimers();
        return timers;
    }

    /** Whether {@link #stop} has not been called. */
    boolean running() {
        return running;
    }

    /** Stops the thread, waiting up to two seconds for the message it handles; the engine answers what it holds. */
    void stop() {
        running = false;
        mailbox.wake();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void loop() {
        while (running) {
            Runnable message;
            while ((message = mailbox.poll()) != null) {
                safely(message);
                mailbox.done();
            }
            WallTimers current = timers; // a firing that restarts the policy leaves the old set to finish this turn
            safely(() -> current.fireDue(clock.nowMs()));
            double next = timers.nextAtMs();
            long deadlineNanos = next == Double.POSITIVE_INFINITY ? Long.MAX_VALUE
                    : System.nanoTime() + (long) Math.max(0, (next - clock.nowMs()) * 1e6);
            if (running) mailbox.await(deadlineNanos);
        }
    }

    private void safely(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException | AssertionError e) {
            log.error("{}: {}", label, e.toString(), e);
        }
    }
}
