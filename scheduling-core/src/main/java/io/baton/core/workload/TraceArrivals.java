package io.baton.core.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * Replays an arrival trace read from CSV. The whole trace is parsed in the constructor into primitive
 * arrays; replay is then allocation-free.
 *
 * <p>Format, one arrival per line: {@code timeMs,model} or {@code timeMs,model,deadlineMs}, where
 * {@code timeMs} is the arrival time in ms (finite, ≥ 0, non-decreasing down the file), {@code model} is a
 * served-model name mapped to an index by the caller's function, and {@code deadlineMs} is an absolute
 * deadline in ms (≥ timeMs); an empty or {@code NaN} deadline means "arrival + the model's SLO". Fields
 * may be padded with spaces. Blank lines and lines starting with {@code #} are ignored; the first other
 * line is a header, and skipped, if it starts with a character that cannot start a number (e.g.
 * {@code timeMs,model,deadlineMs}). Any error throws {@link TraceFormatException} with a one-line message
 * such as {@code trace line 7: timeMs 'abc' is not a number}.
 *
 * <p>A trace the scheduler recorded (its traffic recording) carries the {@link RecordedColumns recorded columns}
 * after these three: {@code timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,policy}.
 * Replay reads the first three as above and leaves the others to whoever compares with what happened live
 * ({@code baton twin}); a line has 2, 3 or all {@value RecordedColumns#COUNT} fields.
 */
public final class TraceArrivals implements ArrivalSource {

    private final double[] times;
    private final int[] models;
    /** Null when no line carries a deadline. */
    private final double[] deadlines;
    private int cursor = -1;

    /**
     * Reads the whole trace from {@code reader} (which is not closed).
     *
     * @param modelIndex maps a model name to its index, or −1 when the name is unknown
     */
    public TraceArrivals(Reader reader, ToIntFunction<String> modelIndex) {
        if (reader == null) throw new IllegalArgumentException("reader must not be null");
        if (modelIndex == null) throw new IllegalArgumentException("modelIndex must not be null");
        double[] t = new double[1024];
        int[] m = new int[1024];
        double[] d = null;
        int n = 0;
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        int lineNo = 0;
        boolean seenContent = false;
        double prev = Double.NEGATIVE_INFINITY;
        String prevText = null;
        try {
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (lineNo == 1 && !line.isEmpty() && line.charAt(0) == '\uFEFF') line = line.substring(1);
                String s = line.strip();
                if (s.isEmpty() || s.charAt(0) == '#') continue;
                if (!seenContent) {
                    seenContent = true;
                    if (!startsNumber(s.charAt(0))) continue; // header
                }
                int c1 = s.indexOf(',');
                int c2 = c1 < 0 ? -1 : s.indexOf(',', c1 + 1);
                int fields = c1 < 0 ? 1 : c2 < 0 ? 2 : 3 + countCommas(s, c2 + 1);
                if (fields != 2 && fields != 3 && fields != RecordedColumns.COUNT) {
                    throw new TraceFormatException(lineNo, "expected 2 or 3 comma-separated fields"
                            + " (timeMs,model[,deadlineMs]) or the " + RecordedColumns.COUNT + " of a recorded trace ("
                            + RecordedColumns.HEADER + "), got " + fields);
                }
                String timeText = s.substring(0, c1).strip();
                String modelName = (c2 < 0 ? s.substring(c1 + 1) : s.substring(c1 + 1, c2)).strip();
                int c3 = c2 < 0 ? -1 : s.indexOf(',', c2 + 1);
                String deadlineText = c2 < 0 ? "" : (c3 < 0 ? s.substring(c2 + 1) : s.substring(c2 + 1, c3)).strip();

                double time = parse(lineNo, "timeMs", timeText);
                if (Double.isNaN(time) || Double.isInfinite(time)) {
                    throw new TraceFormatException(lineNo, "timeMs '" + timeText + "' is not a finite number");
                }
                if (time < 0) throw new TraceFormatException(lineNo, "timeMs " + timeText + " is negative");
                if (time < prev) {
                    throw new TraceFormatException(lineNo, "timeMs " + timeText + " goes back in time (previous "
                            + prevText + ")");
                }
                if (modelName.isEmpty()) throw new TraceFormatException(lineNo, "model is empty");
                int model = modelIndex.applyAsInt(modelName);
                if (model < 0) throw new TraceFormatException(lineNo, "unknown model '" + modelName + "'");
                double deadline = Double.NaN;
                if (!deadlineText.isEmpty()) {
                    deadline = parse(lineNo, "deadlineMs", deadlineText);
                    if (Double.isInfinite(deadline)) {
                        throw new TraceFormatException(lineNo, "deadlineMs '" + deadlineText + "' is not a finite number");
                    }
                    if (deadline < time) {
                        throw new TraceFormatException(lineNo, "deadlineMs " + deadlineText + " is before timeMs "
                                + timeText);
                    }
                }
                if (n == t.length) {
                    t = Arrays.copyOf(t, n * 2);
                    m = Arrays.copyOf(m, n * 2);
                    if (d != null) d = Arrays.copyOf(d, n * 2);
                }
                if (d == null && !Double.isNaN(deadline)) {
                    d = new double[t.length];
                    Arrays.fill(d, 0, n, Double.NaN);
                }
                t[n] = time;
                m[n] = model;
                if (d != null) d[n] = deadline;
                n++;
                prev = time;
                prevText = timeText;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading trace: " + e.getMessage(), e);
        }
        this.times = Arrays.copyOf(t, n);
        this.models = Arrays.copyOf(m, n);
        this.deadlines = d == null ? null : Arrays.copyOf(d, n);
    }

    private TraceArrivals(double[] times, int[] models, double[] deadlines) {
        this.times = times;
        this.models = models;
        this.deadlines = deadlines;
    }

    /**
     * Arrivals already read: {@code times[i]} (non-decreasing), {@code models[i]}, and {@code deadlines[i]} (null: each
     * arrival's model's SLO). The arrays are used as they are, not copied.
     */
    public static TraceArrivals of(double[] times, int[] models, double[] deadlines) {
        if (times.length != models.length || deadlines != null && deadlines.length != times.length) {
            throw new IllegalArgumentException("times, models and deadlines must be as long as each other");
        }
        return new TraceArrivals(times, models, deadlines);
    }

    /** Reads a UTF-8 trace file. */
    public static TraceArrivals fromFile(Path file, ToIntFunction<String> modelIndex) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new TraceArrivals(r, modelIndex);
        } catch (IOException e) {
            throw new UncheckedIOException("reading trace " + file + ": " + e.getMessage(), e);
        }
    }

    /** A model-index function over a list of names: name → its position, or −1. */
    public static ToIntFunction<String> modelIndex(List<String> modelNames) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < modelNames.size(); i++) index.putIfAbsent(modelNames.get(i), i);
        return name -> index.getOrDefault(name, -1);
    }

    private static boolean startsNumber(char c) {
        return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+';
    }

    private static int countCommas(String s, int from) {
        int k = 0;
        for (int i = from; i < s.length(); i++) if (s.charAt(i) == ',') k++;
        return k;
    }

    private static double parse(int lineNo, String field, String text) {
        if (text.isEmpty()) throw new TraceFormatException(lineNo, field + " is empty");
        // Double.parseDouble also takes hex floats and a trailing d/f; a trace has plain decimals.
        char last = text.charAt(text.length() - 1);
        if (last == 'd' || last == 'D' || last == 'f' || last == 'F' || text.indexOf('x') >= 0 || text.indexOf('X') >= 0) {
            throw new TraceFormatException(lineNo, field + " '" + text + "' is not a number");
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new TraceFormatException(lineNo, field + " '" + text + "' is not a number");
        }
    }

    /** Number of arrivals in the trace. */
    public int size() {
        return times.length;
    }

    /** Goes back to before the first arrival. */
    public void rewind() {
        cursor = -1;
    }

    @Override
    public boolean advance() {
        if (cursor >= times.length) return false;
        return ++cursor < times.length;
    }

    @Override
    public double timeMs() {
        return times[cursor];
    }

    @Override
    public int model() {
        return models[cursor];
    }

    @Override
    public double deadlineMs() {
        return deadlines == null ? Double.NaN : deadlines[cursor];
    }
}
