package io.baton.scheduler.traffic;

import java.util.Locale;

import io.baton.core.workload.RecordedColumns;
import io.baton.scheduler.dispatch.BatchPath;
import io.baton.scheduler.dispatch.InferOutcome;
import io.baton.scheduler.dispatch.RequestListener;

/**
 * One recorded request: how it arrived and how it ended, as one line of {@link RecordedColumns}. Only what the line
 * needs is kept (never a served request's outputs: lines wait in memory for the writer). Times are ms since the Unix
 * epoch, written to the microsecond.
 *
 * @param outcome   {@code ontime}, {@code late}, {@code dropped} or {@code failed}
 * @param reason    a drop's reason, else null
 * @param latencyMs arrival to answer when served, else NaN
 * @param batchSize requests in its batch when served, else 0
 * @param path      what its batch cost outside the queue, when served and measured; else null
 */
record TrafficLine(RequestListener.Arrival arrival, String outcome, String reason, double latencyMs, int batchSize,
                   String worker, String variant, BatchPath path) {

    static TrafficLine of(RequestListener.Arrival arrival, InferOutcome outcome) {
        if (outcome instanceof InferOutcome.Served s) {
            return new TrafficLine(arrival, s.onTime() ? "ontime" : "late", null, s.totalMs(), s.batchSize(),
                    s.workerId(), s.variant() != null ? s.variant() : arrival.variant(), s.path());
        }
        if (outcome instanceof InferOutcome.Dropped d) {
            return new TrafficLine(arrival, "dropped", d.reason().name(), Double.NaN, 0, null, arrival.variant(), null);
        }
        return new TrafficLine(arrival, "failed", null, Double.NaN, 0, null, arrival.variant(), null);
    }

    double arrivalMs() {
        return arrival.arrivalMs();
    }

    /** The line, without its newline. */
    String csv() {
        StringBuilder b = new StringBuilder(128);
        b.append(ms(arrival.arrivalMs())).append(',').append(field(arrival.application())).append(',')
                .append(ms(arrival.deadlineMs())).append(',').append(arrival.rows()).append(',').append(outcome)
                .append(',').append(field(reason)).append(',');
        if (batchSize > 0) b.append(ms(latencyMs)).append(',').append(batchSize);
        else b.append(',');
        return b.append(',').append(field(worker)).append(',').append(field(variant)).append(',')
                .append(field(arrival.policy())).toString();
    }

    static String ms(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** A name as a field: nothing that would split the line (names are checked upstream; this is a guard). */
    private static String field(String s) {
        if (s == null) return "";
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '\n' || c == '\r' || c == '#') {
                if (b == null) b = new StringBuilder(s);
                b.setCharAt(i, '_');
            }
        }
        return b == null ? s : b.toString();
    }
}
