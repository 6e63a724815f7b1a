package io.baton.core.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CoarseTimerTest {

    private final CoarseTimer timer = new CoarseTimer("coarse-timer-test", TimeUnit.MILLISECONDS.toNanos(5));

    @AfterEach
    void close() {
        timer.close();
    }

    @Test
    void aLimitFiresOnceItsDelayHasPassedNotBefore() throws Exception {
        CountDownLatch fired = new CountDownLatch(1);
        AtomicLong firedAt = new AtomicLong();
        long armedAt = System.nanoTime();
        timer.schedule(() -> {
            firedAt.set(System.nanoTime());
            fired.countDown();
        }, 30, TimeUnit.MILLISECONDS);
        assertThat(fired.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(firedAt.get() - armedAt).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(30));
        assertThat(timer.armed()).isZero();
    }

    @Test
    void aCancelledLimitNeverFiresAndLeavesNothingArmed() throws Exception {
        AtomicInteger fired = new AtomicInteger();
        CoarseTimer.Timeout t = timer.schedule(fired::incrementAndGet, 20, TimeUnit.MILLISECONDS);
        t.cancel();
        assertThat(timer.armed()).isZero();
        CountDownLatch later = new CountDownLatch(1);
        timer.schedule(later::countDown, 40, TimeUnit.MILLISECONDS);
        assertThat(later.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(fired.get()).isZero();
        t.cancel(); // again, and after the fact: nothing
    }

    @Test
    void limitsFireInTheOrderOfTheirDeadlinesWhateverTheOrderTheyWereArmed() throws Exception {
        StringBuilder order = new StringBuilder();
        CountDownLatch all = new CountDownLatch(3);
        timer.schedule(() -> { order.append('c'); all.countDown(); }, 60, TimeUnit.MILLISECONDS);
        timer.schedule(() -> { order.append('a'); all.countDown(); }, 10, TimeUnit.MILLISECONDS);
        timer.schedule(() -> { order.append('b'); all.countDown(); }, 35, TimeUnit.MILLISECONDS);
        assertThat(all.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(order.toString()).isEqualTo("abc");
    }

    @Test
    void anIdleTimerWakesForALimitArmedLaterAndAFailingActionStopsNoOther() throws Exception {
        CountDownLatch first = new CountDownLatch(1);
        timer.schedule(first::countDown, 1, TimeUnit.MILLISECONDS);
        assertThat(first.await(5, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(50); // nothing armed: the thread sleeps with no deadline
        CountDownLatch second = new CountDownLatch(1);
        timer.schedule(() -> { throw new IllegalStateException("boom"); }, 5, TimeUnit.MILLISECONDS);
        timer.schedule(second::countDown, 10, TimeUnit.MILLISECONDS);
        assertThat(second.await(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void manyLimitsArmedAndCancelledFromSeveralThreadsLeaveNoneBehind() throws Exception {
        AtomicInteger fired = new AtomicInteger();
        Thread[] threads = new Thread[4];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(() -> {
                for (int k = 0; k < 10_000; k++) {
                    timer.schedule(fired::incrementAndGet, 1, TimeUnit.MINUTES).cancel();
                }
            });
            threads[i].start();
        }
        for (Thread t : threads) t.join();
        assertThat(timer.armed()).isZero();
        assertThat(fired.get()).isZero();
    }
}
