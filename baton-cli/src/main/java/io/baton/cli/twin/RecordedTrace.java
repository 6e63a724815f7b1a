package io.baton.cli.twin;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.baton.core.sim.LivePathCosts;
import io.baton.core.workload.RecordedColumns;
import io.baton.core.workload.TraceFormatException;

/**
 * A recorded trace as the twin reads it: every request with its live outcome ({@link RecordedColumns}), times re-based
 * so that the first arrival is at 0, the live path's costs from the {@code # overhead} lines (each weighted by the
 * batches it measured), and each served batch's run from the {@code # batch} lines, per application and variant
 * ({@link BatchSamples}; a recording made before they were written has none), with the dispatch overhead the policy
 * that formed each batch planned with where the line says ({@code plannedMs}: the live engine's re-plans, as a step
 * function over time). {@code # unrecorded} lines are summed:
 * requests that reached the scheduler but are not here.
 * Errors name the line ({@link TraceFormatException}); a trace without the recorded columns is refused, since there
 * is nothing live to compare with.
 */
public final class RecordedTrace {

    /** One recorded request; {@code latencyMs} and {@code batchSize} are NaN and 0 unless it was served. */
    public record Line(double timeMs, String application, double deadlineMs, long rows, Outcome outcome, String reason,
                       double latencyMs, int batchSize, String worker, String variant, String policy) {
    }

    public enum Outcome { ONTIME, LATE, DROPPED, FAILED }

    private final List<Line> lines;
    private final LivePathCosts costs;
    private final double plannedOverheadMs;
    private final double handoffMs;
    private final long overheadBatches;
    private final long unrecorded;
    private final Map<String, Map<String, BatchSamples>> batches;
    /** Each {@code # overhead} line that gave a hand-off: when it was written (ms after the origin) and its value. */
    private final double[] handoffAtMs;
    private final double[] handoffValues;

    private RecordedTrace(List<Line> lines, LivePathCosts costs, double plannedOverheadMs, double handoffMs,
                          long overheadBatches, long unrecorded, Map<String, Map<String, BatchSamples>> batches,
                          double[] handoffAtMs, double[] handoffValues) {
        this.handoffAtMs = handoffAtMs;
        this.handoffValues = handoffValues;
        this.lines = lines;
        this.costs = costs;
        this.plannedOverheadMs = plannedOverheadMs;
        this.handoffMs = handoffMs;
        this.overheadBatches = overheadBatches;
        this.unrecorded = unrecorded;
        this.batches = batches;
    }

    public List<Line> lines() {
        return lines;
    }

    /** The live path's costs, measured ({@link LivePathCosts#NONE} when the recording has no {@code # overhead}). */
    public LivePathCosts costs() {
        return costs;
    }

    /** The dispatch overhead the live policies planned with (mean over the batches measured). */
    public double plannedOverheadMs() {
        return plannedOverheadMs;
    }

    /**
     * From a request's receipt until the live engine's thread told its policy of it, the mean (0 when the recording
     * does not say: {@code handoffMs} in the {@code # overhead} lines).
     */
    public double handoffMs() {
        return handoffMs;
    }

    /**
     * The hand-off of a request received at {@code atMs} (after the origin): the mean of the {@code # overhead} line
     * whose window held it (the first written at or after it; past the last line, the last), or {@link #handoffMs()}
     * when no line gave one. Each line measures the batches since the one before, so this follows the hand-off as it
     * moved: it is long while an engine is busy with a cold start, and short later.
     */
    public double handoffMs(double atMs) {
        if (handoffAtMs.length == 0) return handoffMs;
        int i = Arrays.binarySearch(handoffAtMs, atMs);
        if (i < 0) i = -i - 1;
        while (i > 0 && handoffAtMs[i - 1] == atMs) i--;
        return handoffValues[Math.min(i, handoffValues.length - 1)];
    }

    /** Batches the costs were measured over. */
    public long overheadBatches() {
        return overheadBatches;
    }

    /** The recorded batches of one application's variant; null when none was recorded. */
    public BatchSamples batches(String application, String variant) {
        return batches.getOrDefault(application, Map.of()).get(variant);
    }

    /** Whether some {@code # batch} line carries its round trip ({@code roundTripMs}) for a warm batch. */
    public boolean hasRoundTrips() {
        for (Map<String, BatchSamples> byVariant : batches.values()) {
            for (BatchSamples b : byVariant.values()) {
                for (int size : b.bySize().keySet()) if (b.roundTrips(size) > 0) return true;
            }
        }
        return false;
    }

    /** Whether some {@code # batch} line says what its batch was planned with ({@code plannedMs}). */
    public boolean hasPlannedOverheads() {
        for (Map<String, BatchSamples> byVariant : batches.values()) {
            for (BatchSamples b : byVariant.values()) if (b.plannedSteps() > 0) return true;
        }
        return false;
    }

    /** Whether the recording has any {@code # batch} line. */
    public boolean hasBatches() {
        return !batches.isEmpty();
    }

    /** Requests the recording says it left out. */
    public long unrecorded() {
        return unrecorded;
    }

    /** The applications, in the order they first appear. */
    public Set<String> applications() {
        Set<String> out = new LinkedHashSet<>();
        for (Line l : lines) out.add(l.application());
        return out;
    }

    /** From the first arrival to the last (1 s when they coincide): the window goodput is counted over. */
    public double spanMs() {
        if (lines.size() < 2) return 1000;
        double span = lines.get(lines.size() - 1).timeMs() - lines.get(0).timeMs();
        return span > 0 ? span : 1000;
    }

    public static RecordedTrace read(Reader reader) {
        List<Line> lines = new ArrayList<>();
        double w = 0, perBatch = 0, perRequest = 0, transfer = 0, planned = 0, handoff = 0;
        long unrecorded = 0;
        Map<String, Map<String, BatchSamples>> recordedBatches = new LinkedHashMap<>();
        List<Double> handoffTimes = new ArrayList<>();
        List<Double> handoffValues = new ArrayList<>();
        double origin = Double.NaN, previous = Double.NEGATIVE_INFINITY;
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        int lineNo = 0;
        boolean seenContent = false;
        try {
            String raw;
            while ((raw = in.readLine()) != null) {
                lineNo++;
                String s = raw.strip();
                if (lineNo == 1 && !s.isEmpty() && s.charAt(0) == '\uFEFF') s = s.substring(1);
                if (s.isEmpty() || s.equals(RecordedColumns.HEADER)) continue;
                // A batch line follows its batch's first request: one before the first request is about a request
                // left out (a download since an instant from a scheduler before it left them out carried every
                // earlier run's batches, all at time 0)
                if (Double.isNaN(origin) && s.startsWith("# batch ")) continue;
                if (s.startsWith("# overhead ")) {
                    double batches = number(lineNo, s, "batches");
                    if (batches <= 0) continue;
                    w += batches;
                    perBatch += batches * number(lineNo, s, "perBatchMs");
                    perRequest += batches * number(lineNo, s, "perRequestMs");
                    transfer += batches * number(lineNo, s, "transferMs");
                    planned += batches * number(lineNo, s, "plannedMs");
                    if (s.contains(" handoffMs=")) {
                        double h = number(lineNo, s, "handoffMs");
                        handoff += batches * h;
                        handoffTimes.add(Double.isNaN(origin) ? 0 : previous - origin);
                        handoffValues.add(h);
                    }
                    continue;
                }
                if (s.startsWith("# batch ")) {
                    int size = (int) number(lineNo, s, "batchSize");
                    if (size < 1) throw new TraceFormatException(lineNo, "batchSize must be ≥ 1");
                    BatchSamples b = recordedBatches.computeIfAbsent(word(lineNo, s, "application"), a -> new LinkedHashMap<>())
                            .computeIfAbsent(word(lineNo, s, "variant"), v -> new BatchSamples());
                    double ms = number(lineNo, s, "executionMs");
                    double roundTrip = s.contains(" roundTripMs=") ? number(lineNo, s, "roundTripMs") : Double.NaN;
                    double at = Double.isNaN(origin) ? 0 : previous - origin;
                    if (Boolean.parseBoolean(word(lineNo, s, "cold"))) b.addCold(roundTrip, at); else b.add(size, ms, roundTrip, at);
                    if (s.contains(" plannedMs=")) b.addPlanned(at, number(lineNo, s, "plannedMs"));
                    continue;
                }
                if (s.startsWith("# unrecorded ")) {
                    unrecorded += (long) number(lineNo, s, "queueFull") + (long) number(lineNo, s, "outOfOrder");
                    continue;
                }
                if (s.charAt(0) == '#') continue;
                if (!seenContent) {
                    seenContent = true;
                    char c = s.charAt(0);
                    if (!(c >= '0' && c <= '9') && c != '.' && c != '-' && c != '+') continue; // another header
                }
                String[] f = s.split(",", -1);
                if (f.length != RecordedColumns.COUNT) {
                    throw new TraceFormatException(lineNo, "expected the " + RecordedColumns.COUNT + " fields of a recorded"
                            + " trace (" + RecordedColumns.HEADER + "), got " + f.length + "; baton twin compares with"
                            + " what happened live, so it needs the scheduler's recording (GET /v1/traffic)");
                }
                double time = finite(lineNo, "timeMs", f[0]);
                if (time < previous) {
                    throw new TraceFormatException(lineNo, "timeMs " + f[0].strip() + " goes back in time");
                }
                previous = time;
                if (Double.isNaN(origin)) origin = time;
                String app = f[1].strip();
                if (app.isEmpty()) throw new TraceFormatException(lineNo, "model is empty");
                double deadline = finite(lineNo, "deadlineMs", f[2]);
                if (deadline < time) throw new TraceFormatException(lineNo, "deadlineMs is before timeMs");
                long rows;
                try {
                    rows = Long.parseLong(f[3].strip());
                } catch (NumberFormatException e) {
                    throw new TraceFormatException(lineNo, "rows '" + f[3].strip() + "' is not a whole number");
                }
                if (rows < 1) throw new TraceFormatException(lineNo, "rows must be ≥ 1, got " + rows);
                Outcome outcome = switch (f[4].strip()) {
                    case "ontime" -> Outcome.ONTIME;
                    case "late" -> Outcome.LATE;
                    case "dropped" -> Outcome.DROPPED;
                    case "failed" -> Outcome.FAILED;
                    default -> throw new TraceFormatException(lineNo, "outcome '" + f[4].strip()
                            + "' is not one of ontime, late, dropped, failed");
                };
                boolean served = outcome == Outcome.ONTIME || outcome == Outcome.LATE;
                double latency = Double.NaN;
                int batch = 0;
                if (served) {
                    latency = finite(lineNo, "latencyMs", f[6]);
                    if (latency < 0) throw new TraceFormatException(lineNo, "latencyMs is negative");
                    try {
                        batch = Integer.parseInt(f[7].strip());
                    } catch (NumberFormatException e) {
                        throw new TraceFormatException(lineNo, "batchSize '" + f[7].strip() + "' is not a whole number");
                    }
                    if (batch < 1) throw new TraceFormatException(lineNo, "batchSize must be ≥ 1, got " + batch);
                }
                lines.add(new Line(time - origin, app, deadline - origin, rows, outcome, f[5].strip(), latency, batch,
                        f[8].strip(), f[9].strip(), f[10].strip()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading the trace: " + e.getMessage(), e);
        }
        if (lines.isEmpty()) throw new TraceFormatException(lineNo, "the trace holds no requests");
        LivePathCosts costs = w == 0 ? LivePathCosts.NONE : new LivePathCosts(perBatch / w, perRequest / w, transfer / w);
        return new RecordedTrace(List.copyOf(lines), costs, w == 0 ? 0 : planned / w, w == 0 ? 0 : handoff / w,
                Math.round(w), unrecorded, recordedBatches,
                handoffTimes.stream().mapToDouble(Double::doubleValue).toArray(),
                handoffValues.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static double finite(int lineNo, String field, String text) {
        String t = text.strip();
        if (t.isEmpty()) throw new TraceFormatException(lineNo, field + " is empty");
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new TraceFormatException(lineNo, field + " '" + t + "' is not a number");
        }
        if (!Double.isFinite(v)) throw new TraceFormatException(lineNo, field + " '" + t + "' is not a finite number");
        return v;
    }

    /** {@code key=value} of a comment line, as it is written. */
    private static String word(int lineNo, String line, String key) {
        for (String part : line.split("\\s+")) {
            if (part.startsWith(key + "=")) return part.substring(key.length() + 1);
        }
        throw new TraceFormatException(lineNo, "the comment has no " + key + "=");
    }

    /** {@code key=value} of a comment line, as a finite number ≥ 0. */
    private static double number(int lineNo, String line, String key) {
        for (String part : line.split("\\s+")) {
            if (part.startsWith(key + "=")) {
                double v = finite(lineNo, key, part.substring(key.length() + 1));
                if (v < 0) throw new TraceFormatException(lineNo, key + " must be ≥ 0");
                return v;
            }
        }
        throw new TraceFormatException(lineNo, "the comment has no " + key + "=");
    }
}
