package io.baton.cli.suite;

import java.time.Duration;

/**
 * When the {@link Supervisor} restarts a child that exited, as docker-compose's {@code restart: unless-stopped} with a
 * back-off: the first restart after {@code firstDelay}, each next one after twice the last, at most {@code maxDelay};
 * a child that stayed up {@code resetAfter} starts again from {@code firstDelay}. A child that exits {@code maxExits}
 * times within {@code window} is given up: it is crashing, not unlucky.
 */
public record RestartPolicy(Duration firstDelay, Duration maxDelay, Duration resetAfter, int maxExits, Duration window) {

    public RestartPolicy {
        if (firstDelay.isNegative() || maxDelay.compareTo(firstDelay) < 0) {
            throw new IllegalArgumentException("the delays must satisfy 0 <= firstDelay <= maxDelay, not " + firstDelay + " and " + maxDelay);
        }
        if (maxExits < 1) throw new IllegalArgumentException("maxExits must be at least 1, not " + maxExits);
        if (resetAfter.isNegative() || window.isNegative()) throw new IllegalArgumentException("resetAfter and window must not be negative");
    }

    /** 1 s doubling to 30 s, reset after 60 s up; given up after 5 exits within 5 minutes. */
    public static RestartPolicy standard() {
        return new RestartPolicy(Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(60), 5, Duration.ofMinutes(5));
    }
}
