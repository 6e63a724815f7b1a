package io.baton.cli.suite;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * One supervised child's starts and exits, judged by a {@link RestartPolicy} on {@code clock}: after each exit, restart
 * it (after what delay) or give it up. Not thread-safe: the {@link Supervisor} calls it under its own lock.
 */
public final class RestartHistory {

    /** What to do about an exit. */
    public sealed interface Decision permits Restart, GiveUp {
        /** The exits within the policy's window, this one included. */
        int recentExits();
    }

    /** Start it again after {@code delay}; it will be restart number {@code restarts} of this child. */
    public record Restart(Duration delay, int restarts, int recentExits) implements Decision {}

    /** Stop restarting it. */
    public record GiveUp(int recentExits) implements Decision {}

    private final RestartPolicy policy;
    private final Clock clock;
    private final Deque<Instant> exits = new ArrayDeque<>();
    private Instant startedAt;
    private Duration nextDelay;
    private int restarts;

    public RestartHistory(RestartPolicy policy, Clock clock) {
        this.policy = policy;
        this.clock = clock;
        this.nextDelay = policy.firstDelay();
        this.startedAt = clock.instant();
    }

    /** The child was (re)started now. */
    public void started() {
        startedAt = clock.instant();
    }

    /** The child exited now: what to do. */
    public Decision exited() {
        Instant now = clock.instant();
        exits.addLast(now);
        while (Duration.between(exits.peekFirst(), now).compareTo(policy.window()) > 0) exits.removeFirst();
        if (exits.size() >= policy.maxExits()) return new GiveUp(exits.size());
        if (Duration.between(startedAt, now).compareTo(policy.resetAfter()) >= 0) nextDelay = policy.firstDelay();
        Duration delay = nextDelay;
        Duration doubled = delay.multipliedBy(2);
        nextDelay = doubled.compareTo(policy.maxDelay()) > 0 ? policy.maxDelay() : doubled;
        return new Restart(delay, ++restarts, exits.size());
    }

    /** How many times the child was restarted so far. */
    public int restarts() {
        return restarts;
    }
}
