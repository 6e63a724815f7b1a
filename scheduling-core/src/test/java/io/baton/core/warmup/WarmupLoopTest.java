package io.baton.core.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WarmupLoopTest {

    /** A clock each call advances by its own latency: call i takes {@code latency(i)} ms. */
    private static final class Path {
        final AtomicLong now = new AtomicLong();
        final AtomicInteger calls = new AtomicInteger();

        void serve(double ms) {
            calls.incrementAndGet();
            now.addAndGet((long) (ms * 1e6));
        }
    }

    @Test
    void aPathThatSpeedsUpThenHoldsSettles() {
        Path p = new Path();
        SettleRule rule = new SettleRule(10, 0.10, 0);
        WarmupLoop.Outcome o = WarmupLoop.run(rule, Duration.ofMinutes(10), 1,
                () -> p.serve(p.calls.get() < 50 ? 50 - p.calls.get() : 2), p.now::get);
        assertThat(o.settled()).isTrue();
        assertThat(o.reason()).isEqualTo("settled");
        assertThat(o.served()).isBetween(60, 80);
        assertThat(o.medianMs()).isEqualTo(2.0);
    }

    @Test
    void aPathThatNeverSettlesEndsAtTheBound() {
        Path p = new Path();
        // every window twice as slow as the one before: never within 10%
        WarmupLoop.Outcome o = WarmupLoop.run(new SettleRule(5, 0.10, 0), Duration.ofSeconds(30), 1,
                () -> p.serve(Math.pow(2, p.calls.get() / 5)), p.now::get);
        assertThat(o.settled()).isFalse();
        assertThat(o.reason()).startsWith("not settled within the bound of 30.0 s");
        assertThat(o.elapsed()).isGreaterThanOrEqualTo(Duration.ofSeconds(30));
        assertThat(o.describe()).contains("not settled").contains("calls served");
    }

    @Test
    void anAbandonedCallEndsTheLoopAtOnceWithItsReason() {
        AtomicInteger calls = new AtomicInteger();
        WarmupLoop.Outcome o = WarmupLoop.run(new SettleRule(5, 0.10, 0), Duration.ofMinutes(10), 2, () -> {
            calls.incrementAndGet();
            throw new WarmupLoop.Abandon("input x: dimension 1 is free");
        });
        assertThat(o.settled()).isFalse();
        assertThat(o.reason()).isEqualTo("abandoned: input x: dimension 1 is free");
        assertThat(calls.get()).isLessThanOrEqualTo(2);
    }

    @Test
    void aPathThatRefusesMoreThanTwoAtOnceIsDrivenWithWhatItServesAndSaysWhy() {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger mostServed = new AtomicInteger();
        // the first two calls wait for a third, which is refused: at least one refusal, whatever the machine's timing
        CountDownLatch crowd = new CountDownLatch(1);
        WarmupLoop.Outcome o = WarmupLoop.run(new SettleRule(10, 1e9, 200), Duration.ofMinutes(2), 8, () -> {
            int now = inFlight.incrementAndGet();
            try {
                if (now > 2) {
                    crowd.countDown();
                    throw new IllegalStateException("503 model has " + now + " requests in flight");
                }
                crowd.await(30, TimeUnit.SECONDS);
                Thread.sleep(1);
                mostServed.accumulateAndGet(now, Math::max);
            } finally {
                inFlight.decrementAndGet();
            }
        });
        assertThat(o.settled()).isTrue();
        assertThat(o.served()).isGreaterThanOrEqualTo(200);
        // With 8 always in flight, 6 of every 8 calls would be refused. Each refusal halves the limit, and it takes
        // three served calls in a row to climb from 1 back to 3: after the first wave, fewer refusals than a third of
        // the calls served.
        assertThat(o.failed()).isPositive().isLessThanOrEqualTo(8 + o.served() / 3);
        assertThat(o.failure()).startsWith("503 model has ").endsWith(" requests in flight");
        assertThat(o.inFlight()).isBetween(1, 8);
        assertThat(mostServed.get()).isBetween(1, 2);
        assertThat(o.describe()).contains("most often: 503 model has ").endsWith(" in flight");
    }

    @Test
    void failingCallsAreRetriedAndCounted() {
        AtomicInteger calls = new AtomicInteger();
        WarmupLoop.Outcome o = WarmupLoop.run(new SettleRule(2, 0.5, 0), Duration.ofMinutes(1), 1, () -> {
            if (calls.incrementAndGet() <= 2) throw new IllegalStateException("scheduler not ready");
        });
        assertThat(o.failed()).isEqualTo(2);
        assertThat(o.failure()).isEqualTo("scheduler not ready");
        assertThat(o.settled()).isTrue();
        assertThat(o.served()).isGreaterThanOrEqualTo(4);
    }
}
