package io.baton.scheduler.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Comparator;

/**
 * Puts finished requests back in arrival order: requests end in another order than they came (a short request
 * overtakes a long one), but a trace goes forward in time. A line is held until every request that arrived before it
 * must have ended (its deadline plus the grace the dispatcher gives its answer: the {@code hold}), or the buffer is
 * full. A request that ends after a later arrival was already written cannot be put in order: it is refused and
 * counted. Only the writer thread touches it.
 */
final class ArrivalOrder {

    private final PriorityQueue<TrafficLine> held = new PriorityQueue<>(Comparator.comparingDouble(TrafficLine::arrivalMs));
    private final int capacity;
    private double writtenUpTo = Double.NEGATIVE_INFINITY;
    private long outOfOrder;

    ArrivalOrder(int capacity) {
        this.capacity = capacity;
    }

    /** Holds a line; false (and counted) when a later arrival was already released. */
    boolean add(TrafficLine line) {
        if (line.arrivalMs() < writtenUpTo) {
            outOfOrder++;
            return false;
        }
        held.add(line);
        return true;
    }

    /**
     * The lines that arrived at or before {@code watermarkMs}, in arrival order, and the oldest beyond it while more
     * than the capacity are held.
     */
    List<TrafficLine> release(double watermarkMs) {
        List<TrafficLine> out = new ArrayList<>();
        while (!held.isEmpty() && (held.peek().arrivalMs() <= watermarkMs || held.size() > capacity)) {
            TrafficLine l = held.poll();
            writtenUpTo = l.arrivalMs();
            out.add(l);
        }
        return out;
    }

    /** Lines refused because they came too late to be put in order. */
    long outOfOrder() {
        return outOfOrder;
    }

    int held() {
        return held.size();
    }
}
