package io.baton.core.ipa;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * A discrete-event simulation of a linear pipeline served the way IPA serves it (§4.5, §3.10 of the notes), on
 * virtual time with the profiled latencies. It is a focused simulator rather than {@code io.baton.core.sim}
 * because that one drives request-scale {@code Dispatcher}s of independent models on shared devices, while IPA's
 * runtime is a chain of per-stage queues whose configuration changes every adaptation interval.
 *
 * <ul>
 *   <li><b>One central queue per stage</b> (FIFO). A batch is formed when b_s requests wait, or when the oldest has
 *       waited the batch timeout (b_s − 1)/λ̂ (Eq. 7's worst-case batching delay at the planned rate λ̂), and is
 *       dispatched to the next idle replica in round-robin order; a batch of k ≤ b_s takes l_m(k).</li>
 *   <li><b>Dropping</b> (§4.5): a request that reaches a later stage after SLA_P has passed is dropped there; a
 *       request still queued after 2 × SLA_P is dropped.</li>
 *   <li><b>Adaptation</b>: every {@code intervalMs} the {@link Controller} sees the per-second arrival counts so far
 *       and returns the stage configurations to apply. A variant or batch change applies to the next batch; batches
 *       in flight finish on the old variant. Added replicas are idle at once (plus {@code startupMs}); removed
 *       replicas finish their batch first.</li>
 * </ul>
 * Cost is the configured Σ n_s·R_s integrated over time; PAS is the configured product of accuracies, also
 * time-weighted (the paper's "average PAS"). An SLA violation is a request dropped or finished later than SLA_P.
 */
public final class PipelineSimulator {

    /** What the adapter decided: a configuration per stage and the rate it planned for. */
    public record Decision(List<StageConfig> stages, double plannedRate) {}

    /** The adaptation loop (forecast → plan) as the simulator sees it. */
    public interface Controller {
        /** @param perSecondHistory arrivals per complete second so far, oldest first (the warm-up history included) */
        Decision decide(double nowMs, double[] perSecondHistory, Decision current);
    }

    /** Totals of one run. */
    public record Result(long offered, long completed, long dropped, long late, double meanCores, double meanPas,
                         double p99LatencyMs, int reconfigurations) {
        /** (dropped + late) / offered. */
        public double violationRate() {
            return offered == 0 ? 0 : (dropped + late) / (double) offered;
        }

        public double dropRate() {
            return offered == 0 ? 0 : dropped / (double) offered;
        }
    }

    private final Pipeline pipeline;
    private final double slaMs;
    private final double intervalMs;
    private final double startupMs;

    public PipelineSimulator(Pipeline pipeline, double slaMs, double intervalMs, double startupMs) {
        this.pipeline = Objects.requireNonNull(pipeline);
        if (!(slaMs > 0) || !(intervalMs > 0) || !(startupMs >= 0)) throw new IllegalArgumentException("bad simulator settings");
        this.slaMs = slaMs;
        this.intervalMs = intervalMs;
        this.startupMs = startupMs;
    }

    /**
     * @param history   arrivals per second before time 0 (the warm-up the first decision sees)
     * @param arrivalsMs arrival times in [0, horizon), sorted
     * @param horizonMs  adaptation stops here; queued work then drains
     */
    public Result run(double[] history, double[] arrivalsMs, double horizonMs, Controller controller) {
        return new Run(history, arrivalsMs, horizonMs, controller).execute();
    }

    private static final class Req {
        final double arrival;
        double entered;

        Req(double arrival) {
            this.arrival = arrival;
            this.entered = arrival;
        }
    }

    private static final class Replica {
        double freeAt;
        boolean busy;
        boolean retiring;
    }

    private static final class StageState {
        final ArrayDeque<Req> queue = new ArrayDeque<>();
        final List<Replica> replicas = new ArrayList<>();
        ModelVariant variant;
        int batch;
        double timeoutMs;
        int rr;
        double armedTimeout = Double.NaN;
    }

    private record Event(double time, long seq, int kind, int stage, Replica replica, Req[] batch) {}

    private static final int ARRIVAL = 0, DONE = 1, TIMEOUT = 2, ADAPT = 3, READY = 4;

    private final class Run {
        final double[] history;
        final double[] arrivals;
        final double horizon;
        final Controller controller;
        final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.time != b.time ? Double.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
        final StageState[] stages;
        long seq;
        long completed, dropped, late;
        final List<Double> latencies = new ArrayList<>();
        double costIntegral, pasIntegral, lastChange;
        double currentCost, currentPas;
        Decision current;
        int reconfigurations;

        Run(double[] history, double[] arrivals, double horizon, Controller controller) {
            this.history = history.clone();
            this.arrivals = arrivals;
            this.horizon = horizon;
            this.controller = controller;
            stages = new StageState[pipeline.size()];
            for (int s = 0; s < stages.length; s++) stages[s] = new StageState();
        }

        void push(double t, int kind, int stage, Replica r, Req[] batch) {
            events.add(new Event(t, seq++, kind, stage, r, batch));
        }

        Result execute() {
            if (arrivals.length > 0) push(arrivals[0], ARRIVAL, 0, null, null);
            adapt(0);
            for (double t = intervalMs; t < horizon; t += intervalMs) push(t, ADAPT, 0, null, null);
            int next = 1;
            while (!events.isEmpty()) {
                Event e = events.poll();
                double now = e.time;
                switch (e.kind) {
                    case ARRIVAL -> {
                        stages[0].queue.add(new Req(now));
                        if (next < arrivals.length) push(arrivals[next++], ARRIVAL, 0, null, null);
                        dispatch(0, now);
                    }
                    case DONE -> finish(e, now);
                    case TIMEOUT -> {
                        if (stages[e.stage].armedTimeout == now) {
                            stages[e.stage].armedTimeout = Double.NaN;
                            dispatch(e.stage, now);
                        }
                    }
                    case READY -> dispatch(e.stage, now);
                    case ADAPT -> adapt(now);
                    default -> throw new IllegalStateException();
                }
            }
            account(Math.max(horizon, lastChange));
            double span = Math.max(horizon, 1e-9);
            double[] lat = latencies.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double p99 = lat.length == 0 ? Double.NaN : lat[Math.min(lat.length - 1, (int) Math.ceil(0.99 * lat.length) - 1)];
            return new Result(arrivals.length, completed, dropped, late, costIntegral / span, pasIntegral / span, p99,
                    reconfigurations);
        }

        void account(double now) {
            double until = Math.min(now, horizon);
            if (until > lastChange) {
                costIntegral += currentCost * (until - lastChange);
                pasIntegral += currentPas * (until - lastChange);
                lastChange = until;
            }
        }

        /** Per-second arrival counts: the warm-up history, then every complete second observed so far. */
        double[] observed(double now) {
            int seconds = (int) Math.floor(now / 1000);
            double[] out = Arrays.copyOf(history, history.length + seconds);
            for (double a : arrivals) {
                if (a >= seconds * 1000.0) break;
                out[history.length + (int) (a / 1000)]++;
            }
            return out;
        }

        void adapt(double now) {
            Decision d = controller.decide(now, observed(now), current);
            if (d == null || d.equals(current)) return;
            account(now);
            if (current != null && !d.stages().equals(current.stages())) reconfigurations++;
            current = d;
            currentCost = 0;
            currentPas = 1;
            for (int s = 0; s < stages.length; s++) {
                StageConfig c = d.stages().get(s);
                StageState st = stages[s];
                st.variant = pipeline.stage(s).variants().get(c.variantIndex());
                st.batch = c.batch();
                st.timeoutMs = d.plannedRate() > 0 ? (c.batch() - 1) * 1000.0 / d.plannedRate() : 0;
                resize(st, c.replicas(), now, s);
                currentCost += c.cores();
                currentPas *= st.variant.accuracy();
                dispatch(s, now);
            }
        }

        void resize(StageState st, int n, double now, int s) {
            List<Replica> active = st.replicas.stream().filter(r -> !r.retiring).toList();
            int have = active.size();
            for (int i = have; i < n; i++) {
                Replica r = st.replicas.stream().filter(x -> x.retiring).findFirst().orElse(null);
                if (r != null) {
                    r.retiring = false;
                } else {
                    r = new Replica();
                    r.freeAt = now + startupMs;
                    st.replicas.add(r);
                    if (startupMs > 0) push(r.freeAt, READY, s, null, null);
                }
            }
            for (int i = have - 1; i >= n; i--) {
                Replica r = active.get(i);
                if (r.busy) r.retiring = true; else st.replicas.remove(r);
            }
            st.rr = st.rr % Math.max(1, st.replicas.size());
        }

        void dispatch(int s, double now) {
            StageState st = stages[s];
            while (!st.queue.isEmpty() && now - st.queue.peekFirst().arrival > 2 * slaMs) { // §4.5, 2 × SLA
                st.queue.pollFirst();
                dropped++;
            }
            while (!st.queue.isEmpty()) {
                Replica free = null;
                int n = st.replicas.size();
                for (int k = 0; k < n; k++) {
                    Replica r = st.replicas.get((st.rr + k) % n);
                    if (!r.busy && !r.retiring && r.freeAt <= now) {
                        free = r;
                        st.rr = (st.rr + k + 1) % n;
                        break;
                    }
                }
                if (free == null) return;
                Req head = st.queue.peekFirst();
                if (st.queue.size() < st.batch && now < head.entered + st.timeoutMs) {
                    double at = head.entered + st.timeoutMs;
                    if (st.armedTimeout != at) {
                        st.armedTimeout = at;
                        push(at, TIMEOUT, s, null, null);
                    }
                    return;
                }
                int k = Math.min(st.batch, st.queue.size());
                Req[] batch = new Req[k];
                for (int i = 0; i < k; i++) batch[i] = st.queue.pollFirst();
                free.busy = true;
                push(now + st.variant.latencyMs(k), DONE, s, free, batch);
            }
        }

        void finish(Event e, double now) {
            int s = e.stage;
            StageState st = stages[s];
            e.replica.busy = false;
            if (e.replica.retiring) {
                st.replicas.remove(e.replica);
                st.rr = st.rr % Math.max(1, st.replicas.size());
            }
            boolean last = s == stages.length - 1;
            for (Req r : e.batch) {
                double elapsed = now - r.arrival;
                if (last) {
                    completed++;
                    latencies.add(elapsed);
                    if (elapsed > slaMs) late++;
                } else if (elapsed > slaMs) { // §4.5: past the SLA after an earlier stage
                    dropped++;
                } else {
                    r.entered = now;
                    stages[s + 1].queue.add(r);
                }
            }
            if (!last) dispatch(s + 1, now);
            dispatch(s, now);
        }
    }
}
