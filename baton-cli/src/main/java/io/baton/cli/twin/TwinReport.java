package io.baton.cli.twin;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.core.plan.JsonInput;
import io.baton.core.sim.LivePathCosts;

/**
 * What {@code baton twin} prints: what the simulated devices ran batches for (per application, ℓ(b) under load as
 * fitted against the profile's), then per application and policy, live against simulated goodput, miss rate, p99
 * latency and mean batch size, each with its relative error ((simulated − live) / live; 0 when both are 0, none when
 * only live is), as a table or as one JSON line.
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
                    + "request, %.3f ms transfer, %.3f ms from receipt to the policy; policies planned with %.3f ms",
                    trace.overheadBatches(), c.perBatchMs(), c.perRequestMs(), c.transferMs(), trace.handoffMs(),
                    trace.plannedOverheadMs()));
        } else {
            b.append("; no live-path measurements in the trace (no # overhead lines): simulated without them");
        }
        b.append('\n');
        for (LoadedLatency f : result.fits()) b.append(execution(f, result.execution())).append('\n');
        b.append(replayed(trace, result)).append('\n');
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

    /**
     * One line per application: "execution under load, APP (VARIANT): ℓ(1)=1.90 ms, ℓ(8)=9.10 ms from 4,210 batches
     * (…); profile ℓ(1)=1.00, ℓ(8)=6.20", or why the profile ran instead. ℓ is shown at 1 and the largest batch size
     * recorded.
     */
    static String execution(LoadedLatency f, Twin.Execution mode) {
        String name = f.application() + (f.variant() != null ? " (" + f.variant() + ")" : "");
        if (f.source() == LoadedLatency.Source.PROFILE) {
            return "execution: " + name + ": no batch recorded for this variant: the profile's ℓ(b)"
                    + (f.samples().cold() > 0 ? " (" + f.samples().cold() + " cold batch(es) left out)" : "");
        }
        int largest = f.samples().bySize().lastKey();
        StringBuilder b = new StringBuilder(switch (mode) {
            case LIVE -> "execution under load, ";
            case REPLAY -> "execution under load (replayed: each batch a recorded round trip of its size, drawn; these "
                    + "means only for sizes never recorded), ";
            case PROFILE -> "execution under load (not used: --execution profile), ";
        });
        b.append(name).append(": ").append(at(f.loaded(), 1, " ms"));
        if (largest > 1) b.append(", ").append(at(f.loaded(), largest, " ms"));
        b.append(String.format(Locale.ROOT, " from %,d batches", f.samples().batches()));
        if (f.samples().cold() > 0) b.append(" (").append(f.samples().cold()).append(" cold left out)");
        b.append("; profile ").append(at(f.profile(), 1, ""));
        if (largest > 1) b.append(", ").append(at(f.profile(), largest, ""));
        java.util.StringJoiner own = new java.util.StringJoiner(","), few = new java.util.StringJoiner(",");
        for (int size : f.samples().bySize().keySet()) (f.ownMean(size) ? own : few).add(Integer.toString(size));
        if (own.length() > 0) b.append("; own batches' mean at b=").append(own.toString());
        b.append(f.source() == LoadedLatency.Source.LINE
                ? String.format(Locale.ROOT, "; the least-squares line ℓ(b)=%.4g·b+%.4g ms", f.alphaMs(), f.betaMs())
                : "; the profile scaled to the one size recorded");
        b.append(own.length() > 0 ? " at every other size" : " at every size");
        if (few.length() > 0) b.append(" (b=").append(few.toString()).append(" had fewer than ")
                .append(LoadedLatency.MIN_BATCHES).append(" batches)");
        b.append(String.format(Locale.ROOT, "; spread σ=%.3f", f.spread()));
        return b.toString();
    }

    /** What the replay restarted and ran cold, as the live engine did: one line. */
    static String replayed(RecordedTrace trace, Twin.Result result) {
        String replans = trace.hasPlannedOverheads()
                ? result.replans() + " re-plan(s) (the simulated policy restarted where a variant's recorded plannedMs"
                        + " moved)"
                : "no re-plan (the # batch lines say no plannedMs: the policy planned with the mean throughout)";
        return "replayed: " + replans + ", " + result.coldBatches() + " cold batch(es) (a model's first batch on a"
                + " device ran for a recorded cold round trip)";
    }

    private static String at(io.baton.core.domain.LatencyProfile p, int b, String unit) {
        return String.format(Locale.ROOT, "ℓ(%d)=%.3g%s", b, p.latencyMs(b), unit);
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
        costs.put("handoffMs", trace.handoffMs());
        costs.put("batches", trace.overheadBatches());
        ObjectNode execution = root.putObject("execution");
        execution.put("mode", result.execution().name().toLowerCase(Locale.ROOT));
        execution.put("replans", result.replans());
        execution.put("coldBatchesReplayed", result.coldBatches());
        ArrayNode fits = execution.putArray("models");
        for (LoadedLatency f : result.fits()) {
            ObjectNode o = fits.addObject();
            o.put("application", f.application());
            o.put("variant", f.variant());
            o.put("source", f.source().name().toLowerCase(Locale.ROOT).replace('_', '-'));
            o.put("batches", f.samples().batches());
            o.put("coldBatches", f.samples().cold());
            put(o, "alphaMs", f.alphaMs());
            put(o, "betaMs", f.betaMs());
            o.put("spread", f.spread());
            ArrayNode points = o.putArray("points");
            java.util.SortedSet<Integer> sizes = new java.util.TreeSet<>(f.samples().bySize().keySet());
            sizes.add(1);
            for (int size : sizes) {
                var own = f.samples().bySize().get(size);
                points.addObject().put("batchSize", size).put("batches", own == null ? 0 : own.batches())
                        .put("loadedMs", f.loaded().latencyMs(size)).put("profileMs", f.profile().latencyMs(size))
                        .put("ownMean", f.ownMean(size));
            }
        }
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
