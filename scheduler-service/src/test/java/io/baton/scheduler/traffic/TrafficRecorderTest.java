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
 * from served batches, each batch counted once; each served batch's run is written once, after its first request.
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
    void eachServedBatchIsWrittenOnceAfterItsFirstRequest(@TempDir Path dir) throws Exception {
        TrafficRecorder recorder = new TrafficRecorder(new RollingFiles(dir, 1 << 20, 2, false), 100, 60_000, 1, 0,
                new SimpleMeterRegistry());
        BatchPath three = new BatchPath(9.5, 8.0, 7.25, 1.0);
        BatchPath alike = new BatchPath(9.5, 8.0, 7.25, 1.0); // equal values, another batch
        BatchPath cold = new BatchPath(300, 299, 250, 1.0, true, Double.NaN);
        // formed under a plan of 30 ms, finished after the estimate had moved to 4 ms: the line says what it was formed with
        BatchPath replanned = new BatchPath(40, 39, 35, 4.0, false, Double.NaN, 30.0);
        BatchPath unknown = new BatchPath(6, 5.5, 5, 4.0, false, Double.NaN, Double.NaN);
        recorder.ended(arrival(1002), served(3, three)); // ends first, arrived last of its batch
        recorder.ended(arrival(1000), served(3, three));
        recorder.ended(arrival(1001), served(3, three));
        recorder.ended(arrival(1003), served(1, alike));
        recorder.ended(arrival(1004), served(1, cold));
        recorder.ended(arrival(1005), served(1, new BatchPath(2, Double.NaN, Double.NaN, 1.0))); // run not reported
        recorder.ended(arrival(1006), new InferOutcome.Dropped(DropReason.NO_DEVICE));
        recorder.ended(arrival(1007), served(1, replanned));
        recorder.ended(arrival(1008), served(1, unknown));
        recorder.start().close();
        List<String> lines = Files.readString(dir.resolve("traffic-000000000000.csv")).lines()
                .filter(l -> !l.startsWith("# overhead") && !l.startsWith("# baton") && !l.startsWith("timeMs")).toList();
        assertThat(lines).containsExactly(
                "1000.000,app,1100.000,1,ontime,,3.000,3,w,v1,symphony",
                "# batch application=app variant=v1 worker=w batchSize=3 executionMs=7.2500 roundTripMs=9.5000 cold=false plannedMs=1.0000",
                "1001.000,app,1101.000,1,ontime,,3.000,3,w,v1,symphony",
                "1002.000,app,1102.000,1,ontime,,3.000,3,w,v1,symphony",
                "1003.000,app,1103.000,1,ontime,,3.000,1,w,v1,symphony",
                "# batch application=app variant=v1 worker=w batchSize=1 executionMs=7.2500 roundTripMs=9.5000 cold=false plannedMs=1.0000",
                "1004.000,app,1104.000,1,ontime,,3.000,1,w,v1,symphony",
                "# batch application=app variant=v1 worker=w batchSize=1 executionMs=250.0000 roundTripMs=300.0000 cold=true plannedMs=1.0000",
                "1005.000,app,1105.000,1,ontime,,3.000,1,w,v1,symphony",
                "1006.000,app,1106.000,1,dropped,NO_DEVICE,,,,v1,symphony",
                "1007.000,app,1107.000,1,ontime,,3.000,1,w,v1,symphony",
                "# batch application=app variant=v1 worker=w batchSize=1 executionMs=35.0000 roundTripMs=40.0000 cold=false"
                        + " plannedMs=30.0000",
                "1008.000,app,1108.000,1,ontime,,3.000,1,w,v1,symphony",
                "# batch application=app variant=v1 worker=w batchSize=1 executionMs=5.0000 roundTripMs=6.0000 cold=false");
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
        // worker side 0.5 + 0.25·b beyond the run, transfer 1.0, planned 2.0; a batch of b reports b times; the
        // hand-off before the policy averaged per request: (1·3 + 2·2 + 4·0) / 7 = 1 (per batch it would be 5/3)
        double[] handoff = {3, 2, 0};
        int[] sizes = {1, 2, 4};
        for (int k = 0; k < sizes.length; k++) {
            int b = sizes[k];
            double worker = 10 + 0.5 + 0.25 * b;
            BatchPath path = new BatchPath(worker + 1.0, worker, 10, 2.0, false, handoff[k]);
            for (int i = 0; i < b; i++) s.add(TrafficLine.of(arrival(0), served(b, path)));
        }
        s.add(TrafficLine.of(arrival(0), new InferOutcome.Dropped(DropReason.DEADLINE_UNMEETABLE))); // nothing to measure
        assertThat(s.batches()).isEqualTo(3);
        assertThat(s.report()).isEqualTo("# overhead perBatchMs=0.5000 perRequestMs=0.2500 transferMs=1.0000"
                + " plannedMs=2.0000 handoffMs=1.0000 batches=3");
        s.reset();
        assertThat(s.report()).isNull();
    }
}
