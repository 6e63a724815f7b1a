package io.baton.cli.twin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Device;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.Timer;
import org.junit.jupiter.api.Test;

/**
 * Restarting a policy as the live engine does, on a scripted policy and a hand-driven environment: the requests still
 * waiting go to the fresh policy, with the overheads of the moment; the old one's timers, dispatches and drops are
 * ignored; a batch the fresh one sends to a device still busy waits there and runs when it is free; a finished batch
 * is told only to the generation that sent it.
 */
class ReplanningTest {

    /** A policy that does only what the test tells it through its context, and remembers what it heard. */
    static final class Scripted implements Dispatcher {
        DispatchContext context;
        final List<Request> arrivals = new ArrayList<>();
        final List<Batch> done = new ArrayList<>();
        int timerFired;

        @Override
        public String policy() {
            return "scripted";
        }

        @Override
        public void start(DispatchContext context) {
            this.context = context;
        }

        @Override
        public void onArrival(Request request) {
            arrivals.add(request);
        }

        @Override
        public void onBatchDone(Batch batch) {
            done.add(batch);
        }

        Batch send(int device, Request... requests) {
            Batch b = new Batch(0, device, requests, context.nowMs(), 1);
            context.sink().dispatch(b);
            return b;
        }
    }

    /** The environment's side: a settable clock, timers the test fires, a sink that records. */
    static final class Environment {
        double now;
        final List<FakeTimer> timers = new ArrayList<>();
        final List<Batch> dispatched = new ArrayList<>();
        final List<Request> dropped = new ArrayList<>();

        DispatchContext context() {
            ServedModel m = new ServedModel(0, "m", LatencyProfile.linear(1, 2), 50, 8, 7.0);
            return new DispatchContext(() -> now, action -> {
                FakeTimer t = new FakeTimer(action);
                timers.add(t);
                return t;
            }, List.of(Device.of(0), Device.of(1)), List.of(m), new DispatchSink() {
                @Override
                public void dispatch(Batch batch) {
                    dispatched.add(batch);
                }

                @Override
                public void drop(Request request, DropReason reason) {
                    dropped.add(request);
                }
            });
        }

        /** Advances to the replan timer's time and fires it. */
        void fireReplanAt(double atMs) {
            FakeTimer replan = timers.get(0);
            assertThat(replan.atMs()).isEqualTo(atMs);
            now = atMs;
            replan.cancel();
            replan.action.run();
        }
    }

    static final class FakeTimer implements Timer {
        final Runnable action;
        double at = Double.POSITIVE_INFINITY;

        FakeTimer(Runnable action) {
            this.action = action;
        }

        @Override
        public void setAt(double atMs) {
            at = atMs;
        }

        @Override
        public void cancel() {
            at = Double.POSITIVE_INFINITY;
        }

        @Override
        public boolean armed() {
            return at != Double.POSITIVE_INFINITY;
        }

        @Override
        public double atMs() {
            return at;
        }
    }

    private static Request request(long id) {
        return new Request(id, 0, id, id + 50);
    }

    @Test
    void aRestartHandsTheWaitingRequestsToAFreshPolicyAndIgnoresTheOldOne() {
        List<Scripted> generations = new ArrayList<>();
        Replanning replanning = new Replanning(() -> {
            Scripted s = new Scripted();
            generations.add(s);
            return s;
        }, new double[]{2.0}, List.of(new Replanning.Change(100, 0, 30.0), new Replanning.Change(200, 0, 30.0),
                new Replanning.Change(300, 0, 3.0)));
        Environment env = new Environment();
        replanning.start(env.context());
        assertThat(replanning.policy()).isEqualTo("scripted");
        Scripted first = generations.get(0);
        assertThat(first.context.models().get(0).wireMs()).as("the first generation's overhead").isEqualTo(2.0);
        assertThat(first.context.models().get(0).sloMs()).isEqualTo(50.0);

        Request r0 = request(0), r1 = request(1), r2 = request(2), r3 = request(3);
        for (Request r : List.of(r0, r1, r2)) replanning.onArrival(r);
        assertThat(first.arrivals).containsExactly(r0, r1, r2);
        Timer oldTimer = first.context.timers().newTimer(() -> first.timerFired++);
        oldTimer.setAt(150);
        Batch oldBatch = first.send(0, r0);
        assertThat(env.dispatched).containsExactly(oldBatch);

        env.fireReplanAt(100);
        assertThat(replanning.replans()).isEqualTo(1);
        assertThat(generations).hasSize(2);
        Scripted fresh = generations.get(1);
        assertThat(fresh.context.models().get(0).wireMs()).as("planned with the new overhead").isEqualTo(30.0);
        assertThat(fresh.arrivals).as("every request still waiting, in arrival order").containsExactly(r1, r2);
        assertThat(oldTimer.armed()).as("the old generation's timers are cancelled").isFalse();
        env.timers.get(1).action.run(); // even fired, an old timer does not reach its policy
        assertThat(first.timerFired).isZero();

        first.send(1, r1);
        first.context.sink().drop(r2, DropReason.DEADLINE_UNMEETABLE);
        assertThat(env.dispatched).as("the old generation's dispatch is ignored").containsExactly(oldBatch);
        assertThat(env.dropped).as("and its drop").isEmpty();

        Batch parked = fresh.send(0, r1); // device 0 still runs the old generation's batch
        Batch alongside = fresh.send(1, r2);
        assertThat(env.dispatched).as("the batch for the busy device waits").containsExactly(oldBatch, alongside);
        assertThat(replanning.parkedBatches()).isEqualTo(1);

        replanning.onArrival(r3);
        assertThat(first.arrivals).as("arrivals go to the running generation only").containsExactly(r0, r1, r2);
        fresh.context.sink().drop(r3, DropReason.DEADLINE_UNMEETABLE);
        assertThat(env.dropped).containsExactly(r3);

        replanning.onBatchDone(oldBatch);
        assertThat(env.dispatched).as("the waiting batch runs once its device is free")
                .containsExactly(oldBatch, alongside, parked);
        assertThat(first.done).as("no generation hears of the old batch").isEmpty();
        assertThat(fresh.done).isEmpty();
        replanning.onBatchDone(parked);
        replanning.onBatchDone(alongside);
        assertThat(fresh.done).containsExactly(parked, alongside);

        env.fireReplanAt(200); // the same overhead again: no restart
        assertThat(replanning.replans()).isEqualTo(1);
        assertThat(generations).hasSize(2);
        env.fireReplanAt(300);
        assertThat(replanning.replans()).isEqualTo(2);
        assertThat(generations.get(2).context.models().get(0).wireMs()).isEqualTo(3.0);
        assertThat(generations.get(2).arrivals).as("nothing waits").isEmpty();
        assertThat(env.timers.get(0).armed()).as("no change left").isFalse();
    }

    @Test
    void aBatchToADeviceBusyWithItsOwnGenerationsBatchIsPassedOnForTheSimulatorToRefuse() {
        List<Scripted> generations = new ArrayList<>();
        Replanning replanning = new Replanning(() -> {
            Scripted s = new Scripted();
            generations.add(s);
            return s;
        }, new double[]{2.0}, List.of());
        Environment env = new Environment();
        replanning.start(env.context());
        Scripted only = generations.get(0);
        replanning.onArrival(request(0));
        replanning.onArrival(request(1));
        Batch a = only.send(0, request(0));
        Batch b = only.send(0, request(1));
        assertThat(env.dispatched).containsExactly(a, b);
        assertThat(replanning.parkedBatches()).isZero();
        assertThatThrownBy(() -> new Replanning(Scripted::new, new double[]{1, 2}, List.of()).start(env.context()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one overhead per model");
    }
}
