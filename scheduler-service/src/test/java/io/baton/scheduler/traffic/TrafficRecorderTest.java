package io.baton.scheduler.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.baton.core.domain.DropReason;
import io.baton.scheduler.dispatch.BatchPath;
import io.baton.scheduler.dispatch.InferOutcome;
import io.baton.scheduler.dispatch.RequestListener;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorder on its own: a full queue never blocks the caller and what it left out is counted, in the meters and
 * in the file; lines come out in arrival order whatever order requests ended in; the live path's costs are measured
 * from served batches, each batch counted once.
 */
class TrafficRecorderTest {

    private static RequestListener.Arrival arrival(double atMs) {
        return new RequestListener.Arrival("app", atMs, atMs + 100, 1, "symphony", "v1");
    }

    private static InferOutcome served(int batch, BatchPath path) {
        return new InferOutcome.Served(List.of(), "w", "d", batch, 1, 2, 3, true, null, path);
    }

    @Test
    void aFullQueueIsCountedNotWaitedFor(@TempDir Path dir) throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        TrafficRecorder recorder = new TrafficRecorder(new RollingFiles(dir, 1 << 20, 2, false), 2, 60_000, 1, 0, meters);
        for (int i = 0; i < 5; i++) recorder.ended(arrival(1000 + i), new InferOutcome.Dropped(DropReason.NO_DEVICE));
        assertThat(recorder.unrecordedQueueFull()).isEqualTo(3);
        assertThat(meters.get("baton.scheduler.traffic.unrecorded").tag("reason", "queue-full").counter().count())
                .isEqualTo(3);
        recorder.start().close();
        String file = Files.readString(dir.resolve("traffic-000000000000.csv"));
        assertThat(file.lines().filter(l -> l.contains(",app,"))).containsExactly(
                "1000.000,app,1100.000,1,dropped,NO_DEVICE,,,,v1,symphony",
                "1001.000,app,1101.000,1,dropped,NO_DEVICE,,,,v1,symphony");
        assertThat(file).contains("# unrecorded queueFull=3 outOfOrder=0");
        assertThat(meters.get("baton.scheduler.traffic.recorded").counter().count()).isEqualTo(2);
    }

    @Test
    void linesGoOutInArrivalOrderAndALateOneIsRefused() {
        ArrivalOrder order = new ArrivalOrder(100);
        order.add(TrafficLine.of(arrival(30), new InferOutcome.Failed("x")));
        order.add(TrafficLine.of(arrival(10), new InferOutcome.Failed("x")));
        order.add(TrafficLine.of(arrival(20), new InferOutcome.Failed("x")));
        assertThat(order.release(25)).extracting(TrafficLine::arrivalMs).containsExactly(10.0, 20.0);
        assertThat(order.add(TrafficLine.of(arrival(15), new InferOutcome.Failed("x")))).isFalse();
        assertThat(order.outOfOrder()).isEqualTo(1);
        assertThat(order.release(Double.POSITIVE_INFINITY)).extracting(TrafficLine::arrivalMs).containsExactly(30.0);
    }

    @Test
    void costsAreFittedPerBatchFromTheRequestsOfEachBatch() {
        LivePathSamples s = new LivePathSamples();
        // worker side 0.5 + 0.25·b beyond the run, transfer 1.0, planned 2.0; a batch of b reports b times
        for (int b : new int[] {1, 2, 4}) {
            double worker = 10 + 0.5 + 0.25 * b;
            for (int i = 0; i < b; i++) s.add(TrafficLine.of(arrival(0), served(b, new BatchPath(worker + 1.0, worker, 10, 2.0))));
        }
        s.add(TrafficLine.of(arrival(0), new InferOutcome.Dropped(DropReason.DEADLINE_UNMEETABLE))); // nothing to measure
        assertThat(s.batches()).isEqualTo(3);
        assertThat(s.report()).isEqualTo("# overhead perBatchMs=0.5000 perRequestMs=0.2500 transferMs=1.0000"
                + " plannedMs=2.0000 batches=3");
        s.reset();
        assertThat(s.report()).isNull();
    }
}
