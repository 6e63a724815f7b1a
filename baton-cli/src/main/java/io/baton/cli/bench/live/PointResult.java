package io.baton.cli.bench.live;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of one load point (one policy at one rate) from its outcomes. Goodput: answered 200 within the
 * deadline, per second. Miss rate: late answers over answers served (200), as the simulator counts it. Drop rate:
 * refusals (any non-200 answer) over requests sent. Latency percentiles are of the 200 answers; the added latency
 * is each 200's round trip minus the execution time it reports (what gateway, scheduler, worker hops and queueing
 * add to the model's own run). Unanswered: no answer at all, which must never happen.
 */
public record PointResult(String policy, double targetRate, double seconds, double sloMs, Outcome[] outcomes, double lateP99Ms) {

    public int sent() {
        return outcomes.length;
    }

    public double offered() {
        return sent() / seconds;
    }

    public long served() {
        return Arrays.stream(outcomes).filter(Outcome::served).count();
    }

    public long onTime() {
        return Arrays.stream(outcomes).filter(o -> o.served() && o.latencyMs() <= sloMs).count();
    }

    public double goodput() {
        return onTime() / seconds;
    }

    public double missRate() {
        long served = served();
        return served == 0 ? 0 : (double) (served - onTime()) / served;
    }

    public long refused() {
        return Arrays.stream(outcomes).filter(o -> o.answered() && !o.served()).count();
    }

    public double dropRate() {
        return sent() == 0 ? 0 : (double) refused() / sent();
    }

    public long unanswered() {
        return Arrays.stream(outcomes).filter(o -> !o.answered()).count();
    }

    public double latencyPercentile(double q) {
        return percentile(Arrays.stream(outcomes).filter(Outcome::served).mapToDouble(Outcome::latencyMs).toArray(), q);
    }

    /** Mean batch size over the 200 answers that report one; NaN when none does. */
    public double meanBatch() {
        return Arrays.stream(outcomes).filter(o -> o.served() && o.batchSize() > 0).mapToInt(Outcome::batchSize).average().orElse(Double.NaN);
    }

    public double addedPercentile(double q) {
        return percentile(Arrays.stream(outcomes).filter(o -> o.served() && !Double.isNaN(o.executionMs()))
                .mapToDouble(o -> o.latencyMs() - o.executionMs()).toArray(), q);
    }

    /** Refusals by status and reason, for the footnote under the table. */
    public Map<String, Integer> refusals() {
        Map<String, Integer> by = new TreeMap<>();
        for (Outcome o : outcomes) {
            if (o.answered() && !o.served()) by.merge(o.status() + " " + o.refusal(), 1, Integer::sum);
            if (!o.answered()) by.merge("no answer: " + o.refusal(), 1, Integer::sum);
        }
        return by;
    }

    /** Nearest rank; NaN for no values. */
    static double percentile(double[] values, double q) {
        if (values.length == 0) return Double.NaN;
        double[] v = values.clone();
        Arrays.sort(v);
        int rank = (int) Math.ceil(q * v.length);
        return v[Math.max(0, Math.min(v.length - 1, rank - 1))];
    }
}
