package io.baton.gateway.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.baton.commons.trace.SpanExport;
import io.baton.commons.trace.TimelineSpan;

/**
 * One request's waterfall: the gateway's spans ({@code admission}, {@code enrichment}, {@code scheduler_call} per
 * call, {@code aggregation}) and, inside each call, the scheduler's part (queue, dispatch, transfer, execution).
 * The scheduler's clock is not the gateway's: its part is placed inside the call that carried it, the call's time
 * outside the scheduler split evenly between the way there and the way back (an estimate; everything else is
 * measured).
 */
final class Timelines {

    private Timelines() {
    }

    static RequestTimeline of(GatewayTrace g, List<SchedulerPart> parts) {
        List<TimelineSpan> spans = new ArrayList<>();
        for (GatewayTrace.Stamp s : g.stamps) {
            Map<String, String> attributes = s.attribute() == null ? Map.of() : Map.of(s.attribute(), s.value());
            spans.add(new TimelineSpan(s.name(), "gateway", ms(s.startNanos() - g.startNanos),
                    ms(s.endNanos() - s.startNanos()), attributes));
        }
        String policy = null;
        for (GatewayTrace.Call call : g.calls()) {
            double sent = ms(call.sentNanos - g.startNanos);
            long answeredNanos = call.answeredNanos;
            double answered = answeredNanos == 0 ? ms(g.endNanos - g.startNanos) : ms(answeredNanos - g.startNanos);
            Map<String, String> attributes = new LinkedHashMap<>();
            attributes.put("span_id", call.context.spanId());
            spans.add(new TimelineSpan("scheduler_call", "gateway", sent, answered - sent, attributes));
            for (SchedulerPart part : parts) {
                if (!call.context.spanId().equals(part.parentSpanId()) || part.spans() == null) continue;
                if (policy == null) policy = part.policy();
                double outside = Math.max(0, (answered - sent) - part.totalMs());
                double offset = sent + outside / 2;
                for (TimelineSpan s : part.spans()) spans.add(s.shifted(offset));
            }
        }
        spans.sort(Comparator.comparingDouble(TimelineSpan::startMs));
        return new RequestTimeline(g.requestId(), g.traceId(), g.application, policy, g.outcome, g.reason,
                g.startedAt.toString(), ms(g.endNanos - g.startNanos), spans);
    }

    /**
     * The gateway's spans for OTLP: the request's own span (the id it propagated, under the client's span), and under
     * it each stamp and each scheduler call (the call's span keeps the id it carried, the parent of the scheduler's).
     */
    static List<SpanExport.Item> exported(GatewayTrace g) {
        long origin = g.startedAt.getEpochSecond() * 1_000_000_000L + g.startedAt.getNano();
        String request = g.context.spanId();
        List<SpanExport.Item> items = new ArrayList<>();
        Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put("request_id", g.requestId());
        if (g.application != null) attributes.put("application", g.application);
        attributes.put("outcome", g.outcome);
        if (g.reason != null) attributes.put("reason", g.reason);
        items.add(new SpanExport.Item(request, g.clientSpanId, "inference", origin, origin + (g.endNanos - g.startNanos),
                attributes));
        for (GatewayTrace.Stamp s : g.stamps) {
            items.add(new SpanExport.Item(SpanExport.newSpanId(), request, s.name(), origin + (s.startNanos() - g.startNanos),
                    origin + (s.endNanos() - g.startNanos),
                    s.attribute() == null ? Map.of() : Map.of(s.attribute(), s.value())));
        }
        for (GatewayTrace.Call call : g.calls()) {
            long answered = call.answeredNanos == 0 ? g.endNanos : call.answeredNanos;
            items.add(new SpanExport.Item(call.context.spanId(), request, "scheduler_call",
                    origin + (call.sentNanos - g.startNanos), origin + (answered - g.startNanos), Map.of()));
        }
        return items;
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
