package io.baton.core.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Device;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.sim.Scenario;
import io.baton.core.testing.RecordingSink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Clockwork-like baseline (notes §4), driven by hand on a manual clock. */
class ClockworkDispatcherTest {

    private double now;
    private long nextId;
    private final RecordingSink sink = new RecordingSink();
    private final List<Batch> batches = sink.batches;
    private final List<Request> dropped = sink.dropped;
    private final List<DropReason> reasons = sink.reasons;

    private ClockworkDispatcher start(int devices, ServedModel... models) {
        List<Device> ds = new ArrayList<>();
        for (int d = 0; d < devices; d++) ds.add(Device.of(d));
        ClockworkDispatcher c = new ClockworkDispatcher();
        c.start(new DispatchContext(() -> now, action -> {
            throw new AssertionError("clockwork needs no timers");
        }, ds, List.of(models), sink));
        assertThat(c.policy()).isEqualTo("clockwork");
        return c;
    }

    private static ServedModel model(int id, double alpha, double beta, double slo) {
        return new ServedModel(id, "m" + id, LatencyProfile.linear(alpha, beta), slo, Scenario.UNBOUNDED_BATCH);
    }

    private Request arrive(ClockworkDispatcher c, int model, double deadline) {
        Request r = new Request(nextId++, model, now, deadline);
        c.onArrival(r);
        return r;
    }

    private Batch last() {
        return batches.get(batches.size() - 1);
    }

    private static long[] ids(Request... rs) {
        return Arrays.stream(rs).mapToLong(r -> r.id).toArray();
    }

    @Test
    void dispatchesAtOnceWhenADeviceIsIdle() {
        ClockworkDispatcher c = start(2, model(0, 1, 5, 100));
        now = 3;
        Request a = arrive(c, 0, 103);
        assertThat(batches).hasSize(1);
        assertThat(last().device()).isZero();
        assertThat(last().startMs()).isEqualTo(3);
        assertThat(last().expectedLatencyMs()).isEqualTo(6);
        assertThat(ids(last().requests())).containsExactly(ids(a));
        now = 4;
        Request b = arrive(c, 0, 104);
        assertThat(batches).hasSize(2);
        assertThat(last().device()).isEqualTo(1);
        assertThat(ids(last().requests())).containsExactly(ids(b));
        // both devices busy: the next one waits for a device
        Request x = arrive(c, 0, 105);
        assertThat(batches).hasSize(2);
        now = 9;
        c.onBatchDone(batches.get(0));
        assertThat(batches).hasSize(3);
        assertThat(last().device()).isZero();
        assertThat(last().startMs()).isEqualTo(9);
        assertThat(ids(last().requests())).containsExactly(ids(x));
        assertThat(dropped).isEmpty();
    }

    @Test
    void picksTheModelWhoseHeadHasTheEarliestLatestStart() {
        ClockworkDispatcher c = start(1,
                model(0, 1, 1, 200),    // ℓ(1) = 2
                model(1, 1, 29, 200),   // ℓ(1) = 30
                model(2, 1, 4, 200));   // ℓ(1) = 5
        Request busy = arrive(c, 0, 500);
        Batch running = last();
        assertThat(ids(running.requests())).containsExactly(ids(busy));
        now = 1;
        Request a = arrive(c, 0, 80);   // latest start 78
        Request b = arrive(c, 1, 100);  // latest start 70: the latest deadline, but the most urgent
        Request d = arrive(c, 2, 90);   // latest start 85
        assertThat(batches).hasSize(1);
        now = 2;
        c.onBatchDone(running);
        assertThat(last().model()).isEqualTo(1);
        assertThat(ids(last().requests())).containsExactly(ids(b));
        now = 32;
        c.onBatchDone(last());
        assertThat(last().model()).isZero();
        assertThat(ids(last().requests())).containsExactly(ids(a));
        now = 34;
        c.onBatchDone(last());
        assertThat(last().model()).isEqualTo(2);
        assertThat(ids(last().requests())).containsExactly(ids(d));
        assertThat(dropped).isEmpty();
    }

    @Test
    void runsTheLargestBatchThatMeetsTheEarliestDeadlineAndDropsHopelessHeads() {
        ClockworkDispatcher c = start(1, model(0, 5, 10, 1000), model(1, 1, 1, 1000)); // model 0: ℓ(b) = 5b + 10
        Request busy = arrive(c, 1, 1000);
        Batch running = last();
        now = 1;
        Request hopeless = arrive(c, 0, 25);      // at 20, 20 + ℓ(1) = 35 > 25
        Request[] early = new Request[5];
        for (int i = 0; i < 5; i++) early[i] = arrive(c, 0, 50);
        Request l1 = arrive(c, 0, 60);
        Request l2 = arrive(c, 0, 60);
        now = 20;
        c.onBatchDone(running);
        assertThat(dropped).containsExactly(hopeless);
        assertThat(reasons).containsExactly(DropReason.DEADLINE_UNMEETABLE);
        // dl − now = 30: ℓ(4) = 30 fits, ℓ(5) = 35 does not; the earliest deadlines go first
        assertThat(last().size()).isEqualTo(4);
        assertThat(ids(last().requests())).containsExactly(ids(early[0], early[1], early[2], early[3]));
        assertThat(last().startMs()).isEqualTo(20);
        assertThat(last().expectedLatencyMs()).isEqualTo(30);
        now = 50;
        c.onBatchDone(last());
        // early[4] (dl 50) cannot finish anymore; l1, l2 (dl 60): ℓ(2) = 20 > 10, ℓ(1) = 15 > 10 as well
        assertThat(dropped).containsExactly(hopeless, early[4], l1, l2);
        assertThat(batches).hasSize(2);
        assertThat(busy.id).isZero();
    }

    @Test
    void maxBatchCapsTheBatch() {
        ServedModel m = new ServedModel(0, "m", LatencyProfile.linear(0.1, 1), 1000, 3);
        ClockworkDispatcher c = start(1, m);
        arrive(c, 0, 1000);
        Batch running = last();
        for (int i = 0; i < 7; i++) arrive(c, 0, 1000);
        now = 2;
        c.onBatchDone(running);
        assertThat(last().size()).isEqualTo(3);
        c.onBatchDone(last());
        assertThat(last().size()).isEqualTo(3);
        c.onBatchDone(last());
        assertThat(last().size()).isEqualTo(1);
        assertThat(batches).hasSize(4);
    }
}
