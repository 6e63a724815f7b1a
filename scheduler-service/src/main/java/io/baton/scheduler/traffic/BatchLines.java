package io.baton.scheduler.traffic;

import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;

import io.baton.scheduler.dispatch.BatchPath;

/**
 * One {@code # batch} line per served batch, for the twin to fit ℓ(b) as it ran under load:
 * {@code # batch application=… variant=… worker=… batchSize=… executionMs=… roundTripMs=… cold=… plannedMs=…}, with
 * {@code executionMs} ONNX Runtime's run as the worker reported it (its wait for the device and any model load are
 * reported apart and left out), {@code roundTripMs} sent until the answer was back on the engine's thread,
 * {@code cold} whether the batch made its model resident (a cold session's first run is no sample of a warm one), and
 * {@code plannedMs} the dispatch overhead the policy that formed the batch planned its variant with (left out when not
 * known), from which the twin re-plans when the live engine did.
 *
 * <p>Every request of a batch carries the same {@link BatchPath} object, so a batch is told by that object's identity:
 * its line goes out after the first of its requests to be written (the earliest to arrive), so that it falls in the
 * same download window. The identities are remembered for the last {@link #REMEMBERED} batches, far more than can be
 * written between a batch's first and last request. Requests whose batch was not measured (no path, or no execution
 * reported) give no line. Only the writer thread touches it.
 */
final class BatchLines {

    static final int REMEMBERED = 8192;

    private final Map<BatchPath, Boolean> seen = new IdentityHashMap<>();
    private final ArrayDeque<BatchPath> order = new ArrayDeque<>();

    /** The {@code # batch} line when {@code line} is the first written of its batch; else null. */
    String lineFor(TrafficLine line) {
        BatchPath p = line.path();
        if (p == null || line.batchSize() < 1 || !Double.isFinite(p.executionMs()) || !Double.isFinite(p.roundTripMs())) {
            return null;
        }
        if (seen.put(p, Boolean.TRUE) != null) return null;
        order.addLast(p);
        if (order.size() > REMEMBERED) seen.remove(order.removeFirst());
        String text = String.format(Locale.ROOT, "# batch application=%s variant=%s worker=%s batchSize=%d"
                        + " executionMs=%.4f roundTripMs=%.4f cold=%b", word(line.arrival().application()),
                word(line.variant()), word(line.worker()), line.batchSize(), p.executionMs(), p.roundTripMs(), p.cold());
        double planned = p.formedOverheadMs();
        return Double.isFinite(planned) ? text + String.format(Locale.ROOT, " plannedMs=%.4f", planned) : text;
    }

    /** A name as one {@code key=value} word: nothing that would split it (names are checked upstream; a guard). */
    private static String word(String s) {
        if (s == null || s.isEmpty()) return "-";
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || c == '=' || c == '#' || c == ',') {
                if (b == null) b = new StringBuilder(s);
                b.setCharAt(i, '_');
            }
        }
        return b == null ? s : b.toString();
    }
}
