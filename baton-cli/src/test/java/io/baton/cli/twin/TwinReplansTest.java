package io.baton.cli.twin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.StringReader;
import java.util.Locale;
import java.util.Map;

import io.baton.core.domain.LatencyProfile;
import org.junit.jupiter.api.Test;

/**
 * The twin replays what the live engine went through on a new application: its policy re-planned whenever a
 * variant's planned dispatch overhead moved (the {@code plannedMs} of the {@code # batch} lines), and its first batches
 * ran cold. Recordings built here, their figures known by construction.
 */
class TwinReplansTest {

    private static final String HEADER = "# baton traffic recording\n"
            + "timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,policy\n";

    /**
     * 10 s of a request every 2 ms (SLO 100 ms, ℓ(b) = 0.1·b + 40 on each of 2 workers), served live by symphony; each batch's line says it was planned
     * with 30 ms of dispatch overhead in the first 5 s and 3 ms after ({@code planned}), or says nothing and the
     * {@code # overhead} lines give their mean, 16.5 ms.
     */
    static String stepRecording(boolean planned) {
        StringBuilder b = new StringBuilder(HEADER);
        for (int i = 0; i < 5000; i++) {
            double t = 2.0 * i;
            b.append(String.format(Locale.ROOT, "%.3f,m,%.3f,1,ontime,,10.000,4,cpu-0,v1,symphony%n", t, t + 100));
            if (i % 4 == 0) {
                b.append("# batch application=m variant=v1 worker=cpu-0 batchSize=4 executionMs=6.0000"
                        + " roundTripMs=6.0000 cold=false");
                if (planned) b.append(t < 5000 ? " plannedMs=30.0000" : " plannedMs=3.0000");
                b.append('\n');
            }
            if (i == 2499 || i == 4999) {
                b.append("# overhead perBatchMs=0.0000 perRequestMs=0.0000 transferMs=0.0000 plannedMs=")
                        .append(i == 2499 ? "30.0000" : "3.0000").append(" batches=625\n");
            }
        }
        return b.toString();
    }

    private static World world(String kind, double sloMs, int maxBatch) {
        return new World(2, Map.of("m", new World.Model("m", kind, LatencyProfile.linear(0.1, 40), sloMs, maxBatch)));
    }

    @Test
    void symphonyReplansWhereTheRecordedOverheadMoved() {
        RecordedTrace stepped = RecordedTrace.read(new StringReader(stepRecording(true)));
        RecordedTrace mean = RecordedTrace.read(new StringReader(stepRecording(false)));
        assertThat(stepped.plannedOverheadMs()).isEqualTo(16.5);
        assertThat(mean.plannedOverheadMs()).isEqualTo(16.5);
        assertThat(stepped.hasPlannedOverheads()).isTrue();
        assertThat(mean.hasPlannedOverheads()).isFalse();
        BatchSamples steps = stepped.batches("m", "v1");
        assertThat(steps.plannedSteps()).isEqualTo(2);
        assertThat(steps.plannedMs(0)).isEqualTo(30.0);
        assertThat(steps.plannedAtMs(1)).isEqualTo(5000.0);
        assertThat(steps.plannedMs(1)).isEqualTo(3.0);

        World world = world("single", 100, 64);
        Twin.Result replanned = Twin.run(stepped, world, null, Twin.Execution.PROFILE);
        Twin.Result flat = Twin.run(mean, world, null, Twin.Execution.PROFILE);
        assertThat(replanned.replans()).isEqualTo(1);
        assertThat(flat.replans()).isZero();
        Figures r = replanned.rows().get(0).simulated(), f = flat.rows().get(0).simulated();
        Figures high = Twin.run(RecordedTrace.read(new StringReader(stepRecording(true)
                .replace("plannedMs=3.0000", "plannedMs=30.0000"))), world, null, Twin.Execution.PROFILE)
                .rows().get(0).simulated();
        Figures low = Twin.run(RecordedTrace.read(new StringReader(stepRecording(true)
                .replace("plannedMs=30.0000", "plannedMs=3.0000"))), world, null, Twin.Execution.PROFILE)
                .rows().get(0).simulated();
        // symphony waits for a batch until the head's deadline less ℓ(b+1) and the overhead: planning with 30 ms it
        // sends batches of about 15, with 3 ms (or the mean, 16.5) it reaches the 20 its rule asks for (β·rate)
        assertThat(high.meanBatch()).isCloseTo(14.922388059701493, within(1e-9));
        assertThat(low.meanBatch()).isCloseTo(20.32520325203252, within(1e-9));
        assertThat(f.meanBatch()).as("the mean plans as 3 ms does here").isEqualTo(low.meanBatch());
        assertThat(r.meanBatch()).as("the first 5 s in smaller batches, the rest as with 3 ms")
                .isCloseTo(17.29757785467128, within(1e-9)).isBetween(high.meanBatch(), low.meanBatch());
        assertThat(r.offered()).isEqualTo(5000);
        assertThat(r.missRate()).isEqualTo(1 / 5000.0);
        assertThat(f.missRate()).isZero();
    }

    /**
     * One worker, a request alone every 20 ms (SLO 1 s, batches of 1), every batch back in 2 ms but the first, which
     * made the model resident: 400 ms ({@code cold}), or 2 ms as the others.
     */
    static String coldRecording(boolean cold) {
        StringBuilder b = new StringBuilder(HEADER);
        for (int i = 0; i < 100; i++) {
            double t = 20.0 * i;
            b.append(String.format(Locale.ROOT, "%.3f,m,%.3f,1,ontime,,2.000,1,cpu-0,v1,work-conserving%n", t, t + 1000));
            b.append(i == 0 && cold
                    ? "# batch application=m variant=v1 worker=cpu-0 batchSize=1 executionMs=390.0000 roundTripMs=400.0000"
                            + " cold=true\n"
                    : "# batch application=m variant=v1 worker=cpu-0 batchSize=1 executionMs=2.0000 roundTripMs=2.0000"
                            + " cold=false\n");
        }
        return b.toString();
    }

    /**
     * Replayed, the first batch holds the worker for the recorded 400 ms, and the 19 requests that arrive meanwhile
     * queue behind it: request k (k = 1…19, at 20·k ms) ends at 400 + 2·k, so its latency is 400 − 18·k; request 20
     * (at 400) waits for the queue to drain at 438 and takes 40 ms, request 21 22 ms, request 22 4 ms, the rest 2 ms.
     * Of 100 latencies the nearest-rank p99 is the second largest: 382 ms. Without the cold batch every latency is
     * 2 ms, as before cold batches were replayed.
     */
    @Test
    void aColdFirstBatchMakesTheQueueBehindIt() {
        World world = new World(1, Map.of("m", new World.Model("m", "single", LatencyProfile.linear(1, 2), 1000, 1)));
        RecordedTrace cold = RecordedTrace.read(new StringReader(coldRecording(true)));
        assertThat(cold.batches("m", "v1").cold()).isEqualTo(1);
        assertThat(cold.batches("m", "v1").coldRoundTrip(1234)).isEqualTo(400.0);
        for (Twin.Execution mode : new Twin.Execution[]{Twin.Execution.REPLAY, Twin.Execution.LIVE}) {
            Twin.Result result = Twin.run(cold, world, null, mode);
            assertThat(result.coldBatches()).as(mode.name()).isEqualTo(1);
            Figures f = result.rows().get(0).simulated();
            assertThat(f.p99LatencyMs()).as(mode.name()).isCloseTo(382.0, within(1e-9));
            assertThat(f.meanBatch()).isEqualTo(1.0);
            assertThat(f.missRate()).isZero();
        }
        Twin.Result profile = Twin.run(cold, world, null, Twin.Execution.PROFILE);
        assertThat(profile.coldBatches()).as("the profile's ℓ(b) alone: no recorded run replayed").isZero();
        assertThat(profile.rows().get(0).simulated().p99LatencyMs()).isEqualTo(3.0);

        RecordedTrace warm = RecordedTrace.read(new StringReader(coldRecording(false)));
        Twin.Result result = Twin.run(warm, world, null);
        assertThat(result.execution()).isEqualTo(Twin.Execution.REPLAY);
        assertThat(result.coldBatches()).isZero();
        assertThat(result.replans()).isZero();
        assertThat(result.rows().get(0).simulated().p99LatencyMs()).isEqualTo(2.0);
        assertThat(TwinReport.replayed(warm, result)).isEqualTo("replayed: no re-plan (the # batch lines say no"
                + " plannedMs: the policy planned with the mean throughout), 0 cold batch(es) (a model's first batch on"
                + " a device ran for a recorded cold round trip)");
    }
}
