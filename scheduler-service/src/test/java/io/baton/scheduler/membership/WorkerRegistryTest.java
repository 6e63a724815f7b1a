package io.baton.scheduler.membership;

import io.baton.commons.membership.DeviceDescription;
import io.baton.commons.membership.WorkerHeartbeat;
import io.baton.commons.membership.WorkerRegistration;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** {@link WorkerRegistry} on a hand-moved clock: liveness, eviction at the timeout, listener events. */
class WorkerRegistryTest {

    static final Duration TIMEOUT = Duration.ofMillis(1000);

    /** A clock the test moves by hand. */
    static final class ManualClock extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(long millis) {
            now = now.plusMillis(millis);
        }

        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    /** Records every listener call as "joined:id", "left:id:reason-prefix", "heartbeat:id". */
    static final class Recorder implements WorkerListener {
        final List<String> events = new ArrayList<>();

        @Override
        public void joined(Worker w) {
            events.add("joined:" + w.workerId());
        }

        @Override
        public void left(Worker w) {
            events.add("left:" + w.workerId() + ":" + w.leftReason().split(" ")[0]);
        }

        @Override
        public void heartbeat(Worker w) {
            events.add("heartbeat:" + w.workerId());
        }
    }

    static DeviceDescription cpu(String id) {
        return new DeviceDescription(id, "cpu", "cpu", 2, "Test CPU", null, null, 8L << 30, 1L << 30, 0, 1, "1.23.2",
                List.of("CPU"));
    }

    static WorkerRegistration registration(String id) {
        return new WorkerRegistration(id, "http://127.0.0.1:9000/" + id, cpu(id), List.of("sha-a"));
    }

    static WorkerHeartbeat heartbeat(String id, Instant sentAt) {
        return new WorkerHeartbeat(id, sentAt, List.of("sha-b", "sha-a"), 1234, 1L << 30, 1, 2);
    }

    final ManualClock clock = new ManualClock();
    final WorkerRegistry registry = new WorkerRegistry(clock, TIMEOUT);
    final Recorder recorder = new Recorder();

    {
        registry.addListener(recorder);
    }

    @Test
    void registeredWorkerIsLiveAndHeartbeatsUpdateIt() {
        Worker w = registry.register(registration("w1"));
        assertThat(w.state()).isEqualTo(WorkerState.LIVE);
        assertThat(w.lastSeen()).isEqualTo(clock.now).isEqualTo(w.registeredAt());
        assertThat(w.load()).isNull();
        assertThat(w.models()).containsExactly("sha-a");

        clock.advance(300);
        // The worker's clock is an hour off: liveness goes by the scheduler's clock only.
        Worker seen = registry.heartbeat("w1", heartbeat("w1", clock.now.minusSeconds(3600)));
        assertThat(seen.lastSeen()).isEqualTo(clock.now);
        assertThat(seen.models()).containsExactly("sha-b", "sha-a");
        assertThat(seen.load()).isEqualTo(new Worker.Load(clock.now.minusSeconds(3600), 1234, 1L << 30, 1, 2));
        assertThat(registry.workers()).containsExactly(seen);
        assertThat(recorder.events).containsExactly("joined:w1", "heartbeat:w1");
    }

    @Test
    void evictedExactlyWhenSilentLongerThanTheTimeout() {
        registry.register(registration("w1"));
        clock.advance(TIMEOUT.toMillis());
        assertThat(registry.evictStale()).as("silent for exactly the timeout: still live").isEmpty();
        clock.advance(1);
        List<Worker> gone = registry.evictStale();
        assertThat(gone).extracting(Worker::workerId).containsExactly("w1");
        Worker evicted = registry.find("w1").orElseThrow();
        assertThat(evicted.state()).isEqualTo(WorkerState.EVICTED);
        assertThat(evicted.leftAt()).isEqualTo(clock.now);
        assertThat(evicted.leftReason()).isEqualTo("no heartbeat for 1001 ms (timeout 1000 ms)");
        assertThat(registry.live()).isEmpty();
        assertThat(registry.evictStale()).as("evicted once only").isEmpty();

        assertThatThrownBy(() -> registry.heartbeat("w1", heartbeat("w1", clock.now)))
                .isInstanceOf(UnknownWorkerException.class).hasMessageContaining("'w1'");
        assertThat(registry.register(registration("w1")).state()).isEqualTo(WorkerState.LIVE);
        assertThat(recorder.events).containsExactly("joined:w1", "left:w1:no", "joined:w1");
    }

    @Test
    void heartbeatsKeepAWorkerAlive() {
        registry.register(registration("w1"));
        for (int i = 0; i < 20; i++) {
            clock.advance(TIMEOUT.toMillis());
            registry.heartbeat("w1", heartbeat("w1", clock.now));
            assertThat(registry.evictStale()).isEmpty();
        }
        assertThat(registry.live()).hasSize(1);
    }

    @Test
    void unknownWorkersHeartbeatIsRefused() {
        assertThatThrownBy(() -> registry.heartbeat("ghost", heartbeat("ghost", clock.now)))
                .isInstanceOf(UnknownWorkerException.class);
        assertThat(recorder.events).isEmpty();
    }

    @Test
    void registeringALiveWorkerAgainIsALeaveThenAJoin() {
        registry.register(registration("w1"));
        clock.advance(10);
        // a restart: the same worker at the same address (a trailing slash is the same address)
        Worker again = registry.register(new WorkerRegistration("w1", "http://127.0.0.1:9000/w1/", cpu("w1"), null));
        assertThat(again.url().toString()).isEqualTo("http://127.0.0.1:9000/w1/");
        assertThat(again.models()).isEmpty();
        assertThat(registry.workers()).containsExactly(again);
        assertThat(recorder.events).containsExactly("joined:w1", "left:w1:re-registered", "joined:w1");
    }

    @Test
    void aLiveIdCannotBeTakenFromAnotherAddressAndNothingChanges() {
        Worker real = registry.register(registration("w1"));
        clock.advance(10);
        assertThatThrownBy(() -> registry.register(new WorkerRegistration("w1", "http://127.0.0.1:6666", cpu("w1"), null)))
                .isInstanceOf(WorkerIdTakenException.class)
                .hasMessageContaining("'w1'");
        assertThat(registry.workers()).containsExactly(real);
        assertThat(recorder.events).containsExactly("joined:w1");
    }

    @Test
    void anEvictedIdCanBeTakenFromAnotherAddress() {
        registry.register(registration("w1"));
        clock.advance(TIMEOUT.toMillis() + 1);
        registry.evictStale();
        Worker moved = registry.register(new WorkerRegistration("w1", "http://127.0.0.1:6666", cpu("w1"), null));
        assertThat(moved.live()).isTrue();
        assertThat(moved.url().toString()).isEqualTo("http://127.0.0.1:6666");
    }

    /**
     * Random registrations, heartbeats, clock moves and eviction checks over 4 workers against a direct model:
     * a worker is live iff it registered and has not been silent longer than the timeout at any eviction check.
     */
    @Test
    void agreesWithAModelOnRandomHistories() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int trial = 0; trial < 50; trial++) {
            ManualClock c = new ManualClock();
            WorkerRegistry r = new WorkerRegistry(c, TIMEOUT);
            Recorder events = new Recorder();
            r.addListener(events);
            Map<String, Instant> lastSeen = new HashMap<>();
            Map<String, Boolean> live = new HashMap<>();
            List<String> expected = new ArrayList<>();
            for (int step = 0; step < 60; step++) {
                String id = "w" + rnd.nextInt(4);
                switch (rnd.nextInt(4)) {
                    case 0 -> {
                        if (Boolean.TRUE.equals(live.get(id))) expected.add("left:" + id + ":re-registered");
                        r.register(registration(id));
                        lastSeen.put(id, c.now);
                        live.put(id, true);
                        expected.add("joined:" + id);
                    }
                    case 1 -> {
                        if (Boolean.TRUE.equals(live.get(id))) {
                            r.heartbeat(id, heartbeat(id, c.now));
                            lastSeen.put(id, c.now);
                            expected.add("heartbeat:" + id);
                        } else {
                            assertThatThrownBy(() -> r.heartbeat(id, heartbeat(id, c.now)))
                                    .isInstanceOf(UnknownWorkerException.class);
                        }
                    }
                    case 2 -> c.advance(rnd.nextInt(0, 700));
                    default -> {
                        List<String> stale = live.keySet().stream().sorted()
                                .filter(w -> live.get(w) && Duration.between(lastSeen.get(w), c.now).compareTo(TIMEOUT) > 0)
                                .toList();
                        assertThat(r.evictStale()).extracting(Worker::workerId).containsExactlyInAnyOrderElementsOf(stale);
                        for (String w : stale) {
                            live.put(w, false);
                        }
                        // Events of one check come in map order; compare them as a set.
                        List<String> got = events.events.subList(expected.size(), events.events.size());
                        assertThat(got).containsExactlyInAnyOrderElementsOf(stale.stream().map(w -> "left:" + w + ":no").toList());
                        expected.addAll(got);
                    }
                }
                for (Worker w : r.workers()) {
                    assertThat(w.live()).as("trial %d step %d %s", trial, step, w.workerId()).isEqualTo(live.get(w.workerId()));
                    assertThat(w.lastSeen()).isEqualTo(lastSeen.get(w.workerId()));
                }
                assertThat(events.events).isEqualTo(expected);
            }
        }
    }
}
