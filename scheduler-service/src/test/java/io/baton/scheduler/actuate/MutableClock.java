package io.baton.scheduler.actuate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand: cooldowns and epochs without sleeping. */
final class MutableClock extends Clock {

    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    synchronized void advance(Duration d) {
        now = now.plus(d);
    }

    @Override
    public synchronized Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
