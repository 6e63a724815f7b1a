package io.baton.cli.bench.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The soak's counts by minute, safe to update from the load generator and the HTTP client's threads at once: each
 * request counts in the minute it was sent in, whenever its outcome arrives, and each minute's memory readings are
 * those taken at its end.
 */
final class SoakTally {
    private final int minutes;
    private final double sloMs;
    private final AtomicLongArray sent, onTime, late, refused, unanswered, pending;
    private final AtomicReferenceArray<Map<String, Long>> rss;

    SoakTally(int minutes, double sloMs) {
        this.minutes = minutes;
        this.sloMs = sloMs;
        sent = new AtomicLongArray(minutes);
        onTime = new AtomicLongArray(minutes);
        late = new AtomicLongArray(minutes);
        refused = new AtomicLongArray(minutes);
        unanswered = new AtomicLongArray(minutes);
        pending = new AtomicLongArray(minutes);
        rss = new AtomicReferenceArray<>(minutes);
    }

    int minutes() {
        return minutes;
    }

    /** A request sent in {@code minute} (0 for the first), its outcome still to come. */
    void sent(int minute) {
        sent.incrementAndGet(minute);
        pending.incrementAndGet(minute);
    }

    /** The outcome of a request sent in {@code minute}. */
    void outcome(int minute, Outcome o) {
        if (o.served()) {
            (o.latencyMs() <= sloMs ? onTime : late).incrementAndGet(minute);
        } else if (o.answered()) {
            refused.incrementAndGet(minute);
        } else {
            unanswered.incrementAndGet(minute);
        }
        pending.decrementAndGet(minute);
    }

    /** The services' memory at the end of {@code minute}. */
    void rss(int minute, Map<String, Long> kb) {
        rss.set(minute, Map.copyOf(kb));
    }

    boolean hasRss(int minute) {
        return rss.get(minute) != null;
    }

    /** Every request sent in {@code minute} has its outcome. */
    boolean settled(int minute) {
        return pending.get(minute) == 0;
    }

    /**
     * The minute's figures now; a request still without an outcome counts as unanswered. {@code services} orders the
     * memory readings.
     */
    SoakMinute minute(int minute, double seconds, List<String> services) {
        Map<String, Long> read = rss.get(minute) == null ? Map.of() : rss.get(minute);
        Map<String, Long> ordered = new java.util.LinkedHashMap<>();
        for (String s : services) {
            if (read.containsKey(s)) ordered.put(s, read.get(s));
        }
        return new SoakMinute(minute + 1, seconds, sent.get(minute), onTime.get(minute), late.get(minute), refused.get(minute),
                unanswered.get(minute) + pending.get(minute), ordered);
    }

    List<SoakMinute> all(double seconds, List<String> services) {
        List<SoakMinute> all = new ArrayList<>(minutes);
        for (int m = 0; m < minutes; m++) all.add(minute(m, seconds, services));
        return all;
    }
}
