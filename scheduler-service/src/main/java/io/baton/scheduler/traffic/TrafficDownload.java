package io.baton.scheduler.traffic;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import io.baton.core.workload.RecordedColumns;

/**
 * One download of the recording: the lines of every file (oldest first) whose request arrived at or after
 * {@code since}, as one trace with one header, its times re-based to an origin (so that {@code bin/baton simulate}
 * replays it from 0 as it stands): {@code since} when given, else the first request's arrival; a
 * {@code # origin <ISO-8601>} line says which. The comment lines the writer left ({@code # overhead},
 * {@code # unrecorded}) come along once the header is written. A {@code # batch} line comes along only from the first
 * request at or after {@code since} on: it follows its batch's first request, so one before that is about a request
 * left out, and, carried along, every earlier run's batches would reach a replay as if they had run at its start. (An
 * {@code # overhead} line says no time, and the writer may write it before the request lines it measured, which wait
 * for their order: those all come along.) A last line the writer is still writing (no newline
 * yet) is left out. The size is bounded by the files kept ({@code max-files × max-file-size}).
 */
final class TrafficDownload {

    private final List<Path> files;
    private final double sinceMs;
    private double origin;
    private boolean started;
    /** Whether a request at or after {@code since} has been written: {@code # batch} lines pass from then on. */
    private boolean reached;

    /** @param sinceMs ms since the Unix epoch; {@link Double#NEGATIVE_INFINITY}: from the start */
    TrafficDownload(List<Path> files, double sinceMs) {
        this.files = files;
        this.sinceMs = sinceMs;
        this.origin = Double.isInfinite(sinceMs) ? Double.NaN : sinceMs;
    }

    void writeTo(Writer out) throws IOException {
        out.write("# baton traffic recording: timeMs and deadlineMs are ms after the origin below\n");
        if (!Double.isNaN(origin)) start(out);
        for (Path f : files) {
            String text;
            try {
                text = Files.readString(f, StandardCharsets.UTF_8);
            } catch (NoSuchFileException rolledAway) {
                continue;
            }
            int end = text.lastIndexOf('\n');
            if (end < 0) continue;
            try (BufferedReader lines = new BufferedReader(new java.io.StringReader(text.substring(0, end + 1)))) {
                String line;
                while ((line = lines.readLine()) != null) line(line, out);
            }
        }
        if (!started) out.write(RecordedColumns.HEADER + "\n");
        out.flush();
    }

    private void line(String line, Writer out) throws IOException {
        if (line.isEmpty() || line.equals(RecordedColumns.HEADER) || line.startsWith("# baton traffic recording")) return;
        if (line.charAt(0) == '#') {
            if (line.startsWith("# batch ") ? reached : started) out.write(line + "\n");
            return;
        }
        int c1 = line.indexOf(',');
        int c2 = c1 < 0 ? -1 : line.indexOf(',', c1 + 1);
        int c3 = c2 < 0 ? -1 : line.indexOf(',', c2 + 1);
        if (c3 < 0) return; // not a line this recording writes
        double time, deadline;
        try {
            time = Double.parseDouble(line.substring(0, c1));
            deadline = Double.parseDouble(line.substring(c2 + 1, c3));
        } catch (NumberFormatException e) {
            return;
        }
        if (time < sinceMs) return;
        if (Double.isNaN(origin)) origin = time;
        if (!started) start(out);
        reached = true;
        out.write(TrafficLine.ms(time - origin));
        out.write(line, c1, c2 + 1 - c1);
        out.write(TrafficLine.ms(deadline - origin));
        out.write(line, c3, line.length() - c3);
        out.write('\n');
    }

    private void start(Writer out) throws IOException {
        started = true;
        long whole = (long) Math.floor(origin);
        Instant at = Instant.ofEpochMilli(whole).plusNanos(Math.round((origin - whole) * 1e6));
        out.write("# origin " + at + " (epoch ms " + TrafficLine.ms(origin) + ")\n");
        out.write(RecordedColumns.HEADER + "\n");
    }
}
