package io.baton.scheduler.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import io.baton.commons.trace.TraceParent;
import io.baton.commons.trace.TracingProperties;
import io.baton.scheduler.dispatch.InferOutcome;
import io.baton.scheduler.web.ApiException;

/** The internal trace route: a held trace by its id in either case, 404 for one not held, 400 for what is not an id. */
class TraceControllerTest {

    private final RequestTimelines timelines = new RequestTimelines(
            new TracingProperties(new TracingProperties.Timelines(true, 2)));
    private final TraceController controller = new TraceController(timelines);

    private TraceParent held() {
        TraceParent parent = TraceParent.make();
        CompletableFuture<InferOutcome> answer = new CompletableFuture<>();
        timelines.holdWhenAnswered(timelines.start(parent, "app"), answer);
        answer.complete(new InferOutcome.Failed("worker w-1 answered 500: boom"));
        return parent;
    }

    @Test
    void answersAHeldTraceByItsIdInEitherCase() {
        TraceParent parent = held();
        TraceTimelines found = controller.find(parent.traceId().toUpperCase());
        assertThat(found.traceId()).isEqualTo(parent.traceId());
        assertThat(found.timelines()).hasSize(1);
        assertThat(found.timelines().get(0).outcome()).isEqualTo("failed");
        assertThat(found.timelines().get(0).reason()).contains("boom");
    }

    @Test
    void forgetsTheOldestPastItsCapacity() {
        TraceParent oldest = held();
        held();
        held();
        ApiException e = catchThrowableOfType(ApiException.class, () -> controller.find(oldest.traceId()));
        assertThat(e.status().value()).isEqualTo(404);
    }

    @Test
    void refusesWhatIsNotATraceId() {
        for (String id : new String[] {"x", "0".repeat(32), "g".repeat(32), "a".repeat(4000)}) {
            ApiException e = catchThrowableOfType(ApiException.class, () -> controller.find(id));
            assertThat(e.status().value()).as(id).isEqualTo(400);
        }
    }
}
