package io.baton.cli.twin;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.core.plan.JsonInput;
import io.baton.core.sim.LivePathCosts;

/**
 * What {@code baton twin} prints: per application and policy, live against simulated goodput, miss rate, p99 latency
 * and mean batch size, each with its relative error ((simulated − live) / live; 0 when both are 0, none when only live
 * is), as a table or as one JSON line.
 */
public final class TwinReport {

    private record Metric(String name, String json, ToDoubleFunction<Figures> value) {
    }

    private static final List<Metric> METRICS = List.of(
            new Metric("goodput /s", "goodput", Figures::goodput),
            new Metric("miss rate", "missRate", Figures::missRate),
            new Metric("p99 ms", "p99LatencyMs", Figures::p99LatencyMs),
            new Metric("mean batch", "meanBatch", Figures::meanBatch));

    private TwinReport() {
    }

    /** (simulated − live) / live; 0 when both are 0; NaN when it has no meaning. */
    public static double relativeError(double live, double simulated) {
        if (Double.isNaN(live) || Double.isNaN(simulated)) return Double.NaN;
        if (live == 0) return simulated == 0 ? 0 : Double.NaN;
        return (simulated - live) / live;
    }

    public static String table(RecordedTrace trace, Twin.Result result) {
        StringBuilder b = new StringBuilder();
        LivePathCosts c = trace.costs();
        b.append(String.format(Locale.ROOT, "%d requests over %.1f s", trace.lines().size(), trace.spanMs() / 1000));
        if (trace.overheadBatches() > 0) {
            b.append(String.format(Locale.ROOT, "; live path measured over %d batches: %.3f ms per batch, %.4f ms per "
                    + "request, %.3f ms transfer; policies planned with %.3f ms", trace.overheadBatches(), c.perBatchMs(),
                    c.perRequestMs(), c.transferMs(), trace.plannedOverheadMs()));
        } else {
            b.append("; no live-path measurements in the trace (no # overhead lines): simulated without them");
        }
        b.append('\n');
        if (trace.unrecorded() > 0) {
            b.append("note: the recording left out ").append(trace.unrecorded())
                    .append(" request(s) (# unrecorded): live figures are of the recorded ones\n");
        }
        b.append(String.format(Locale.ROOT, "%-20s %-16s %-16s %-11s %12s %12s %10s%n", "application", "policy",
                "live policy", "metric", "live", "simulated", "error"));
        for (Twin.Row r : result.rows()) {
            boolean first = true;
            for (Metric m : METRICS) {
                double live = m.value().applyAsDouble(r.live()), sim = m.value().applyAsDouble(r.simulated());
                double err = relativeError(live, sim);
                b.append(String.format(Locale.ROOT, "%-20s %-16s %-16s %-11s %12s %12s %10s%n",
                        first ? r.application() : "", first ? r.policy() : "", first ? r.livePolicy() : "", m.name(),
                        number(live), number(sim), Double.isNaN(err) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * err)));
                first = false;
            }
        }
        for (Twin.Skipped s : result.skipped()) {
            b.append("not replayed: ").append(s.application()).append(": ").append(s.reason()).append('\n');
        }
        return b.toString();
    }

    public static String json(RecordedTrace trace, Twin.Result result) {
        ObjectNode root = JsonInput.MAPPER.createObjectNode();
        root.put("requests", trace.lines().size());
        root.put("spanMs", trace.spanMs());
        root.put("unrecorded", trace.unrecorded());
        ObjectNode costs = root.putObject("livePath");
        costs.put("perBatchMs", trace.costs().perBatchMs());
        costs.put("perRequestMs", trace.costs().perRequestMs());
        costs.put("transferMs", trace.costs().transferMs());
        costs.put("plannedMs", trace.plannedOverheadMs());
        costs.put("batches", trace.overheadBatches());
        ArrayNode rows = root.putArray("results");
        for (Twin.Row r : result.rows()) {
            ObjectNode o = rows.addObject();
            o.put("application", r.application());
            o.put("policy", r.policy());
            o.put("livePolicy", r.livePolicy());
            o.put("offered", r.live().offered());
            ObjectNode live = o.putObject("live"), sim = o.putObject("simulated"), err = o.putObject("relativeError");
            for (Metric m : METRICS) {
                double l = m.value().applyAsDouble(r.live()), s = m.value().applyAsDouble(r.simulated());
                put(live, m.json(), l);
                put(sim, m.json(), s);
                put(err, m.json(), relativeError(l, s));
            }
        }
        ArrayNode skipped = root.putArray("skipped");
        for (Twin.Skipped s : result.skipped()) skipped.addObject().put("application", s.application()).put("reason", s.reason());
        return root.toString();
    }

    private static void put(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) o.put(key, v); else o.putNull(key);
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4g", v);
    }
}
