package io.baton.scheduler.trace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.baton.commons.trace.SpanExport;
import io.baton.commons.trace.TimelineSpan;
import io.baton.scheduler.dispatch.InferOutcome;

/**
 * A request's stamps as spans, from its arrival at the scheduler: {@code queue} (until its batch was formed),
 * {@code dispatch} (the policy's decision and the call out, until the batch was handed to the transport),
 * {@code transfer} (the worker call's time not spent executing: to the worker, then back) and {@code execution} (the
 * worker's device wait and ONNX Runtime run, measured there). The worker's clock is not the scheduler's: its part is
 * placed by its own offsets (from receiving the call), with the call's time outside the worker split evenly between
 * the way there and the way back, the one thing here that is an estimate rather than a measurement. A Schemble
 * ensemble query gets these spans once per base model that ran it (each its own batch, formed when its executor was
 * free), named by {@code member} and carrying the query's {@code bin} and {@code planned_utility}.
 */
final class SchedulerSpans {

    static final int MAX_REASON = 300;

    private SchedulerSpans() {
    }

    static SchedulerTimeline of(RequestTrace t) {
        double total = ms(t.answeredNanos - t.receivedNanos);
        List<TimelineSpan> spans = new ArrayList<>(5);
        String reason = t.reason;
        List<BatchTrace> members = List.copyOf(t.members);
        if (!members.isEmpty()) {
            for (BatchTrace b : members) batchSpans(spans, t, b, ensembleAttributes(t, b));
        } else if (t.batch != null) {
            batchSpans(spans, t, t.batch, batchAttributes(t.batch, t));
        } else {
            Map<String, String> attributes = new LinkedHashMap<>();
            attributes.put("decision", t.dropped ? "drop" : "none");
            if (reason != null) attributes.put("drop_reason", reason);
            if (t.bin != null) attributes.putAll(planAttributes(t));
            spans.add(new TimelineSpan("queue", "scheduler", 0, total, attributes));
        }
        return new SchedulerTimeline(t.parent.traceId(), t.parent.spanId(), t.application, t.policy,
                t.outcome, reason, total, spans);
    }

    /**
     * One batch's spans as {@code t} saw it, each with {@code batch}'s attributes: its queue until the batch was
     * formed, the dispatch, and the call's transfer and execution once it was answered.
     */
    private static void batchSpans(List<TimelineSpan> spans, RequestTrace t, BatchTrace b, Map<String, String> batch) {
        double formed = ms(b.formedNanos - t.receivedNanos);
        Map<String, String> queue = new LinkedHashMap<>();
        queue.put("policy", String.valueOf(t.policy));
        if (b.member != null) queue.putAll(batch);
        spans.add(new TimelineSpan("queue", "scheduler", 0, formed, queue));
        double out = b.callOutNanos == 0 ? formed : ms(b.callOutNanos - t.receivedNanos);
        spans.add(new TimelineSpan("dispatch", "scheduler", formed, out - formed, withDecision(batch, b)));
        if (b.answeredNanos == 0) return;
        double back = ms(b.answeredNanos - t.receivedNanos);
        if (Double.isFinite(b.workerTotalMs) && Double.isFinite(b.executionStartMs)
                && Double.isFinite(b.executionEndMs)) {
            double wire = Math.max(0, (back - out) - b.workerTotalMs);
            double atWorker = out + wire / 2;
            // within the call, whatever the worker says: its offsets are rounded, and its clock is not this one
            double execStart = Math.min(back, Math.max(out, atWorker + b.executionStartMs));
            double execEnd = Math.min(back, Math.max(execStart, atWorker + b.executionEndMs));
            Map<String, String> to = new LinkedHashMap<>(batch);
            to.put("direction", "to worker");
            if (Double.isFinite(b.loadMs)) to.put("load_ms", number(b.loadMs));
            spans.add(new TimelineSpan("transfer", "scheduler", out, execStart - out, to));
            Map<String, String> exec = new LinkedHashMap<>(batch);
            if (Double.isFinite(b.deviceWaitMs)) exec.put("device_wait_ms", number(b.deviceWaitMs));
            if (Double.isFinite(b.runMs)) exec.put("run_ms", number(b.runMs));
            spans.add(new TimelineSpan("execution", "worker", execStart, execEnd - execStart, exec));
            Map<String, String> from = new LinkedHashMap<>(batch);
            from.put("direction", "from worker");
            spans.add(new TimelineSpan("transfer", "scheduler", execEnd, back - execEnd, from));
        } else {
            spans.add(new TimelineSpan("transfer", "scheduler", out, back - out, batch));
        }
    }

    /**
     * The request's spans for OTLP, each under the gateway's call span that carried the request ({@code traceparent}'s
     * parent id), at the epoch times they were measured at.
     */
    static List<SpanExport.Item> exported(RequestTrace t) {
        SchedulerTimeline timeline = of(t);
        java.time.Instant now = java.time.Instant.now();
        long origin = now.getEpochSecond() * 1_000_000_000L + now.getNano() - (System.nanoTime() - t.receivedNanos);
        List<SpanExport.Item> items = new ArrayList<>(timeline.spans().size());
        for (TimelineSpan s : timeline.spans()) {
            long start = origin + (long) (s.startMs() * 1e6);
            Map<String, String> attributes = new LinkedHashMap<>(s.attributes());
            attributes.put("service", s.service());
            attributes.put("outcome", timeline.outcome());
            if (timeline.reason() != null) attributes.put("reason", timeline.reason());
            items.add(new SpanExport.Item(SpanExport.newSpanId(), t.parent.spanId(), s.name(), start,
                    start + (long) (s.durationMs() * 1e6), attributes));
        }
        return items;
    }

    private static Map<String, String> batchAttributes(BatchTrace b, RequestTrace t) {
        Map<String, String> a = new LinkedHashMap<>();
        a.put("batch_id", String.valueOf(b.batchId));
        a.put("batch_size", String.valueOf(b.size));
        a.put("worker", b.workerId);
        if (t.attempts > 1) a.put("attempts", String.valueOf(t.attempts));
        return a;
    }

    /** A member's batch of an ensemble query: the batch, the base model it ran, and the query's plan. */
    private static Map<String, String> ensembleAttributes(RequestTrace t, BatchTrace b) {
        Map<String, String> a = new LinkedHashMap<>();
        a.put("member", b.member);
        a.put("batch_id", String.valueOf(b.batchId));
        a.put("worker", b.workerId);
        a.putAll(planAttributes(t));
        return a;
    }

    /**
     * Schemble's view of a query: its difficulty bin (-1: no score) and, once it committed a subset, the utility it
     * expected of it.
     */
    private static Map<String, String> planAttributes(RequestTrace t) {
        Map<String, String> a = new LinkedHashMap<>();
        a.put("bin", String.valueOf(t.bin));
        if (Double.isFinite(t.plannedUtility)) a.put("planned_utility", number(t.plannedUtility));
        return a;
    }

    private static Map<String, String> withDecision(Map<String, String> batch, BatchTrace b) {
        Map<String, String> a = new LinkedHashMap<>(batch);
        a.put("decision", b.decision);
        return a;
    }

    static String outcome(InferOutcome o) {
        if (o instanceof InferOutcome.Served) return "served";
        if (o instanceof InferOutcome.Dropped) return "dropped";
        return "failed";
    }

    static String reason(InferOutcome o) {
        if (o instanceof InferOutcome.Dropped d) return d.reason().name();
        if (o instanceof InferOutcome.Failed f) {
            String detail = String.valueOf(f.detail());
            return detail.length() > MAX_REASON ? detail.substring(0, MAX_REASON) + "…" : detail;
        }
        return null;
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static String number(double v) {
        return String.format(java.util.Locale.ROOT, "%.3f", v);
    }
}
