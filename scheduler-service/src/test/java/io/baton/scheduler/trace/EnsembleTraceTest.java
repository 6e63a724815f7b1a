package io.baton.scheduler.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.trace.TimelineSpan;
import io.baton.commons.trace.TraceParent;
import io.baton.commons.trace.TracingProperties;
import io.baton.core.domain.DropReason;
import io.baton.scheduler.dispatch.InferOutcome;

/**
 * A Schemble ensemble query's timeline: each base model that ran it is a batch of its own, so the query's part holds
 * queue, dispatch, transfer and execution per member, each span naming the member, its batch and worker, the
 * query's difficulty bin and the utility the plan expected; a query dropped before any member ran is one queue span
 * with the reason and its bin.
 */
class EnsembleTraceTest {

    private final RequestTimelines timelines = new RequestTimelines(
            new TracingProperties(new TracingProperties.Timelines(true, 8)));

    private static JsonNode timing() throws Exception {
        return new ObjectMapper().readTree("""
                {"totalMs": 1.0, "queueMs": 0.1, "executionMs": 0.5, "executionStartMs": 0.2, "executionEndMs": 0.8}""");
    }

    @Test
    void everyMemberThatRanHasItsSpansWithTheBinAndThePlannedUtility() throws Exception {
        TraceParent parent = TraceParent.make();
        RequestTrace trace = timelines.start(parent, "ens");
        trace.policy("schemble");
        CompletableFuture<InferOutcome> answer = new CompletableFuture<>();
        timelines.holdWhenAnswered(trace, answer);
        trace.ensembleQuery(1);
        trace.planned(0.9);
        BatchTrace a = trace.memberFormed("a", 0, "cpu-a", 1.5);
        BatchTrace b = trace.memberFormed("b", 1, "cpu-b", Double.NaN);
        for (BatchTrace m : List.of(a, b)) {
            m.callOut();
            Thread.sleep(2); // the worker says it held the call 1 ms: the round trip is longer
            m.answered(timing());
        }
        answer.complete(new InferOutcome.Served(List.of(), "cpu-a+cpu-b", null, 1, Double.NaN, Double.NaN, 3, true,
                "a+b"));

        List<SchedulerTimeline> held = timelines.find(parent.traceId());
        assertThat(held).hasSize(1);
        SchedulerTimeline t = held.get(0);
        assertThat(t.parentSpanId()).isEqualTo(parent.spanId());
        assertThat(t.application()).isEqualTo("ens");
        assertThat(t.policy()).isEqualTo("schemble");
        assertThat(t.outcome()).isEqualTo("served");
        assertThat(t.spans()).extracting(s -> s.attributes().get("member") + ":" + s.service() + ":" + s.name())
                .containsExactly("a:scheduler:queue", "a:scheduler:dispatch", "a:scheduler:transfer",
                        "a:worker:execution", "a:scheduler:transfer",
                        "b:scheduler:queue", "b:scheduler:dispatch", "b:scheduler:transfer",
                        "b:worker:execution", "b:scheduler:transfer");
        for (TimelineSpan s : t.spans()) {
            assertThat(s.attributes()).as(s.name()).containsEntry("bin", "1").containsEntry("planned_utility", "0.900");
            assertThat(s.startMs()).as(s.name()).isGreaterThanOrEqualTo(0);
            assertThat(s.durationMs()).as(s.name()).isGreaterThanOrEqualTo(0);
            assertThat(s.startMs() + s.durationMs()).as(s.name()).isLessThanOrEqualTo(t.totalMs() + 1e-9);
        }
        assertThat(t.spans().get(0).attributes()).containsEntry("policy", "schemble");
        assertThat(t.spans().get(1).attributes()).containsEntry("batch_id", "0").containsEntry("worker", "cpu-a");
        assertThat(t.spans().get(1).attributes().get("decision")).isEqualTo("member a to cpu-a, planned 1.50 ms");
        assertThat(t.spans().get(6).attributes()).containsEntry("batch_id", "1").containsEntry("worker", "cpu-b");
        assertThat(t.spans().get(6).attributes().get("decision")).isEqualTo("member b to cpu-b");
        assertThat(t.spans().get(3).attributes()).containsEntry("run_ms", "0.500");
    }

    @Test
    void aQueryDroppedBeforeAnyMemberRanIsOneQueueSpanWithTheReasonAndItsBin() {
        TraceParent parent = TraceParent.make();
        RequestTrace trace = timelines.start(parent, "ens");
        trace.policy("schemble");
        CompletableFuture<InferOutcome> answer = new CompletableFuture<>();
        timelines.holdWhenAnswered(trace, answer);
        trace.ensembleQuery(-1);
        answer.complete(new InferOutcome.Dropped(DropReason.DEADLINE_UNMEETABLE));

        SchedulerTimeline t = timelines.find(parent.traceId()).get(0);
        assertThat(t.outcome()).isEqualTo("dropped");
        assertThat(t.reason()).isEqualTo("DEADLINE_UNMEETABLE");
        assertThat(t.spans()).extracting(TimelineSpan::name).containsExactly("queue");
        assertThat(t.spans().get(0).attributes()).containsEntry("decision", "drop")
                .containsEntry("drop_reason", "DEADLINE_UNMEETABLE").containsEntry("bin", "-1")
                .doesNotContainKey("planned_utility");
    }
}
