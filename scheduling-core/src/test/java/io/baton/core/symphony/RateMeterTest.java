package io.baton.core.symphony;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RateMeterTest {

    /** The window's count by brute force: arrivals in the current bucket or the BUCKETS − 1 before it. */
    private static double expectedPerMs(List<Double> arrivals, double nowMs) {
        if (arrivals.isEmpty()) return 0;
        long current = (long) Math.floor(nowMs / RateMeter.BUCKET_MS);
        long n = arrivals.stream().filter(t -> (long) Math.floor(t / RateMeter.BUCKET_MS) > current - RateMeter.BUCKETS).count();
        double span = Math.min(RateMeter.BUCKETS * RateMeter.BUCKET_MS,
                Math.max(RateMeter.BUCKET_MS, nowMs - arrivals.get(0)));
        return n / span;
    }

    @Test
    void countsTheArrivalsOfTheLastHundredBuckets() {
        SplittableRandom rng = new SplittableRandom(5);
        RateMeter meter = new RateMeter();
        List<Double> arrivals = new ArrayList<>();
        assertThat(meter.perMs(0)).isZero();
        double now = 3;
        for (int i = 0; i < 20_000; i++) {
            // mostly short gaps, some that skip buckets or the whole window; some exactly on bucket edges
            double gap = switch (rng.nextInt(20)) {
                case 0 -> rng.nextDouble() * 8000;
                case 1 -> Math.ceil(now / RateMeter.BUCKET_MS) * RateMeter.BUCKET_MS - now;
                default -> rng.nextDouble() * 3;
            };
            now += gap;
            if (rng.nextInt(4) == 0) {
                assertThat(meter.perMs(now)).as("at %s", now).isEqualTo(expectedPerMs(arrivals, now));
            } else {
                meter.record(now);
                arrivals.add(now);
            }
        }
    }

    @Test
    void bucketThresholdsAgreeWithTheDivision() {
        SplittableRandom rng = new SplittableRandom(8);
        for (int i = 0; i < 100_000; i++) {
            long k = rng.nextLong(1L << 40);
            double t = RateMeter.firstTimeOfBucket(k);
            assertThat(Math.floor(t / RateMeter.BUCKET_MS)).isGreaterThanOrEqualTo(k);
            assertThat(Math.floor(Math.nextDown(t) / RateMeter.BUCKET_MS)).isLessThan(k);
        }
    }
}
