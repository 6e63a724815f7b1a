package io.baton.scheduler.traffic;

import java.util.Locale;

import io.baton.core.workload.RecordedColumns;
import io.baton.scheduler.dispatch.InferOutcome;
import io.baton.scheduler.dispatch.RequestListener;

/**
 * One recorded request: how it arrived and how it ended, as one line of {@link RecordedColumns}. Times are ms since the
 * Unix epoch, written to the microsecond.
 */
record TrafficLine(RequestListener.Arrival arrival, InferOutcome outcome) {

    double arrivalMs() {
        return arrival.arrivalMs();
    }

    /** The line, without its newline. */
    String csv() {
        StringBuilder b = new StringBuilder(128);
        b.append(ms(arrival.arrivalMs())).append(',').append(field(arrival.application())).append(',')
                .append(ms(arrival.deadlineMs())).append(',').append(arrival.rows()).append(',');
        String variant = arrival.variant();
        if (outcome instanceof InferOutcome.Served s) {
            b.append(s.onTime() ? "ontime" : "late").append(",,").append(ms(s.totalMs())).append(',')
                    .append(s.batchSize()).append(',').append(field(s.workerId())).append(',');
            if (s.variant() != null) variant = s.variant();
        } else if (outcome instanceof InferOutcome.Dropped d) {
            b.append("dropped,").append(d.reason().name()).append(",,,,");
        } else {
            b.append("failed,,,,,");
        }
        return b.append(field(variant)).append(',').append(field(arrival.policy())).toString();
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
