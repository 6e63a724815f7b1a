package io.baton.scheduler.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.WeakReference;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BinaryNode;

import io.baton.commons.trace.TraceParent;
import io.baton.commons.trace.TracingProperties;
import io.baton.core.domain.DropReason;
import io.baton.scheduler.dispatch.InferOutcome;

/**
 * What a held timeline keeps: how its request ended, never its outputs. The ring holds thousands of timelines; a
 * model answering megabytes per request would otherwise keep gigabytes alive after the requests are answered.
 */
class RequestTimelinesTest {

    private final RequestTimelines timelines = new RequestTimelines(
            new TracingProperties(new TracingProperties.Timelines(true, 16)));

    @Test
    void aHeldTimelineKeepsNoneOfItsRequestsOutputs() throws InterruptedException {
        TraceParent parent = TraceParent.make();
        CompletableFuture<InferOutcome> answer = new CompletableFuture<>();
        timelines.holdWhenAnswered(timelines.start(parent, "app"), answer);
        List<JsonNode> outputs = List.of(BinaryNode.valueOf(new byte[4 << 20]));
        WeakReference<List<JsonNode>> held = new WeakReference<>(outputs);
        answer.complete(new InferOutcome.Served(outputs, "w-1", "sha256:x", 1, 0.1, 0.5, 1.0, true));
        answer = null;
        outputs = null;

        for (int i = 0; i < 50 && held.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }

        assertThat(held.get()).as("the outputs are unreachable once answered").isNull();
        List<SchedulerTimeline> found = timelines.find(parent.traceId());
        assertThat(found).hasSize(1);
        assertThat(found.get(0).outcome()).isEqualTo("served");
        assertThat(found.get(0).reason()).isNull();
    }

    @Test
    void aDroppedRequestKeepsItsReasonAndDecision() {
        TraceParent parent = TraceParent.make();
        CompletableFuture<InferOutcome> answer = new CompletableFuture<>();
        timelines.holdWhenAnswered(timelines.start(parent, "app"), answer);
        answer.complete(new InferOutcome.Dropped(DropReason.DEADLINE_UNMEETABLE));

        SchedulerTimeline t = timelines.find(parent.traceId()).get(0);
        assertThat(t.outcome()).isEqualTo("dropped");
        assertThat(t.reason()).isEqualTo("DEADLINE_UNMEETABLE");
        assertThat(t.spans().get(0).attributes()).containsEntry("decision", "drop")
                .containsEntry("drop_reason", "DEADLINE_UNMEETABLE");
    }
}
