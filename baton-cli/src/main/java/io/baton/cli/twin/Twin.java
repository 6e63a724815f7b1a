package io.baton.cli.twin;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.baton.core.domain.Device;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.plan.InputException;
import io.baton.core.registry.ApplicationPolicies;
import io.baton.core.registry.DispatcherFactory;
import io.baton.core.registry.PolicyEntry;
import io.baton.core.registry.PolicyRegistry;
import io.baton.core.sim.ExecutionModel;
import io.baton.core.sim.Policies;
import io.baton.core.sim.LivePathCosts;
import io.baton.core.sim.RequestObserver;
import io.baton.core.sim.SimulationSpec;
import io.baton.core.sim.Simulator;
import io.baton.core.workload.TraceArrivals;

/**
 * Replays recorded traffic through the simulator with what was in force, and measures live and simulated outcomes by
 * one rule ({@link Figures}). Each application is replayed under the policy that served it live (the trace's
 * {@code policy} column, its most frequent value), or under {@code --policy}; applications sharing a policy share its
 * simulated dispatcher over every worker, as they share its engine live. Every request arrives when it arrived live,
 * with the deadline it had. The policy plans with the profile and the dispatch overhead the live policy planned with
 * (the recording's {@code plannedMs}), as the scheduler's engine does. The simulated device runs each batch for ℓ(b)
 * plus the live path's measured costs ({@link io.baton.core.sim.LivePathCosts}, from the recording): ℓ(b) as it ran
 * under load ({@link Execution#LIVE}: {@link LoadedLatency}, fitted from the recording's {@code # batch} lines, with
 * their spread as the simulator's jitter), or the profile's ({@link Execution#PROFILE}, the quiet machine's, no jitter);
 * or, by default where the recording has them, for the round trip of a recorded batch of the same size, drawn at
 * random ({@link Execution#REPLAY}, {@link ReplayedExecution}: costs and jitter are then in the draws; the recording
 * is then replayed {@value #REPLAYS} times with different draws, and the simulated figures measured over them all).
 * The simulated policy hears of each request the recording's {@code handoffMs} after it arrived (that of the
 * {@code # overhead} line whose window held it), as the live policy heard of it once the engine's thread took it up;
 * its latency still counts from the arrival, as live.
 *
 * <p><b>Re-plans.</b> Live, the engine plans each variant with a dispatch overhead it estimates as batches come back,
 * and restarts its policy whenever an estimate moves (a cold start moves it a lot). Where the {@code # batch} lines
 * say what each batch was planned with ({@code plannedMs}), the twin replays that: each simulated model is planned
 * with its variant's first recorded value, and the policy is restarted where a variant's value changes, at the time
 * of the line that changed it ({@link Replanning}: a fresh dispatcher over fresh timers, handed every request still
 * waiting; what an earlier generation does afterwards is ignored, and its finished batches are not told to the new
 * one; a batch the new one sends to a device still busy waits there, FIFO, and then runs). This is done by wrapping the
 * policy, not in the simulator, which keeps refusing a batch sent to a busy device for an ordinary policy. A recording
 * whose lines say no {@code plannedMs} is planned with the recording's mean throughout, without restarts, as before.
 *
 * <p><b>Cold batches.</b> A batch that made its model resident ran far longer (model load plus ONNX Runtime's first
 * run), and at low load the queue behind it is what makes the p99. With {@link Execution#REPLAY} or
 * {@link Execution#LIVE}, the first batch of each simulated model on each simulated device runs for the round trip of
 * a recorded cold batch of its variant, the one nearest in time ({@link ColdStarts}); where none was recorded, it runs
 * as any other. {@link Execution#PROFILE} replays no recorded run, cold ones included. {@link Result} says how many
 * re-plans and cold batches a replay went through.
 */
public final class Twin {

    /** One application under one policy: live against simulated. */
    public record Row(String application, String policy, String livePolicy, Figures live, Figures simulated) {
    }

    /** An application the twin could not replay, and why. */
    public record Skipped(String application, String reason) {
    }

    /**
     * @param execution   what the simulated devices ran batches for
     * @param fits        per replayed application, ℓ(b) under load against its profile (fitted in either mode, for the
     *                    report)
     * @param replans     times a simulated policy was restarted because a planned overhead moved ({@link Replanning})
     * @param coldBatches simulated batches that ran for a recorded cold round trip ({@link ColdStarts})
     */
    public record Result(List<Row> rows, List<Skipped> skipped, Execution execution, List<LoadedLatency> fits,
                         int replans, long coldBatches) {
    }

    /** One simulated group's tallies per application, and what it replayed. */
    private record Simulated(Map<String, Figures.Tally> tallies, int replans, long coldBatches) {
    }

    /**
     * What a simulated batch holds its device for: the profile's ℓ(b) plus the live path's mean costs; ℓ(b) under load
     * (fitted from the recording) plus those costs, with the batches' spread as jitter; or the round trip of a recorded
     * batch of its size, drawn at random ({@link ReplayedExecution}).
     */
    public enum Execution {
        PROFILE, LIVE, REPLAY;

        /** {@code profile}, {@code live} or {@code replay}, as {@code --execution} takes it. */
        public static Execution parse(String text) {
            for (Execution e : values()) if (e.name().equalsIgnoreCase(text)) return e;
            throw new InputException("--execution '" + text + "' is not one of profile, live, replay");
        }
    }

    /** The seed of the first replay's draws (the k-th's is this plus k): the same recording replays to the same figures. */
    static final long REPLAY_SEED = 20261127L;

    /**
     * How many times {@link Execution#REPLAY} replays a recording, each replay drawing its own round trips. The simulated
     * figures are measured over all of them together: one replay's p99 at low load is made of a few dozen requests, and
     * moved by ±15% from one seed to the next on a 20 s recording of {@code ppocr-cls}.
     */
    static final int REPLAYS = 5;

    private Twin() {
    }

    /** The variant each application ran most, by the trace (for reading its profile). */
    public static Map<String, String> variants(RecordedTrace trace) {
        return mostFrequent(trace, RecordedTrace.Line::variant);
    }

    /** {@link #run(RecordedTrace, World, String, Execution)} with the execution the recording allows (see there). */
    public static Result run(RecordedTrace trace, World world, String policy) {
        return run(trace, world, policy, null);
    }

    /**
     * @param policy    replay every application under this policy (null: each under its live one); it must be one the
     *                  simulator runs and every application's kind allows, else {@link InputException}
     * @param execution what simulated batches run for; null: {@link Execution#REPLAY} when the recording's
     *                  {@code # batch} lines carry round trips, else {@link Execution#LIVE} when it has any, else
     *                  {@link Execution#PROFILE}; LIVE or REPLAY without them is an {@link InputException}
     */
    public static Result run(RecordedTrace trace, World world, String policy, Execution execution) {
        if (execution == null) {
            execution = trace.hasRoundTrips() ? Execution.REPLAY : trace.hasBatches() ? Execution.LIVE : Execution.PROFILE;
        }
        if (execution != Execution.PROFILE && !trace.hasBatches()) {
            throw new InputException("--execution " + execution.name().toLowerCase(java.util.Locale.ROOT) + ": the "
                    + "recording has no # batch lines (the run of each served batch, written by schedulers since "
                    + "they were added) to fit ℓ(b) under load from; use --execution profile");
        }
        Map<String, String> variants = variants(trace);
        Map<String, String> livePolicies = mostFrequent(trace, RecordedTrace.Line::policy);
        if (policy != null && !Policies.IDS.contains(policy)) {
            throw new InputException("--policy '" + policy + "' is not a policy the simulator runs: one of "
                    + String.join(", ", Policies.IDS));
        }
        Map<String, List<String>> byPolicy = new LinkedHashMap<>();
        List<Skipped> skipped = new ArrayList<>();
        for (String app : trace.applications()) {
            World.Model model = world.models().get(app);
            if (model == null) {
                throw new InputException("application '" + app + "' of the trace is not in the world (its models: "
                        + String.join(", ", world.models().keySet()) + ")");
            }
            String p = policy != null ? policy : livePolicies.get(app);
            if (policy != null) {
                String problem = ApplicationPolicies.problem(policy, model.kind()).orElse(null);
                if (problem != null) throw new InputException("--policy for application '" + app + "': " + problem);
            } else if (!Policies.IDS.contains(p)) {
                skipped.add(new Skipped(app, "policy '" + p + "' has no simulator part (the simulator runs "
                        + String.join(", ", Policies.IDS) + "); try --policy"));
                continue;
            }
            byPolicy.computeIfAbsent(p, k -> new ArrayList<>()).add(app);
        }
        Map<String, Figures.Tally> live = new HashMap<>();
        for (RecordedTrace.Line l : trace.lines()) {
            Figures.Tally t = live.computeIfAbsent(l.application(), a -> new Figures.Tally());
            t.offered();
            if (l.outcome() == RecordedTrace.Outcome.ONTIME || l.outcome() == RecordedTrace.Outcome.LATE) {
                t.served(l.latencyMs(), l.outcome() == RecordedTrace.Outcome.ONTIME, l.batchSize());
            }
        }
        Map<String, LoadedLatency> fits = new LinkedHashMap<>();
        for (List<String> apps : byPolicy.values()) {
            for (String app : apps) {
                World.Model m = world.models().get(app);
                String variant = variants.get(app);
                fits.put(app, LoadedLatency.fit(app, variant, m.profile(), trace.batches(app, variant), m.maxBatch()));
            }
        }
        List<Row> rows = new ArrayList<>();
        int replans = 0;
        long cold = 0;
        int replays = execution == Execution.REPLAY ? REPLAYS : 1;
        for (Map.Entry<String, List<String>> group : byPolicy.entrySet()) {
            Map<String, Figures.Tally> pooled = new HashMap<>();
            for (int k = 0; k < replays; k++) {
                Simulated simulated = simulate(trace, world, group.getKey(), group.getValue(), variants,
                        execution == Execution.PROFILE ? null : fits, execution == Execution.REPLAY, REPLAY_SEED + k);
                if (k == 0) {
                    replans += simulated.replans();
                    cold += simulated.coldBatches();
                }
                simulated.tallies().forEach((app, t) -> pooled.computeIfAbsent(app, a -> new Figures.Tally()).add(t));
            }
            for (String app : group.getValue()) {
                rows.add(new Row(app, group.getKey(), livePolicies.get(app), live.get(app).figures(trace.spanMs()),
                        pooled.get(app).figures(trace.spanMs(), replays)));
            }
        }
        return new Result(rows, skipped, execution, List.copyOf(fits.values()), replans, cold);
    }

    /**
     * @param loaded ℓ(b) under load per application, for the devices to run; null: the profile's
     * @param replay whether batches run for recorded round trips ({@link ReplayedExecution}), the costs and jitter then
     *               being in them
     * @param seed   the seed of those draws
     */
    private static Simulated simulate(RecordedTrace trace, World world, String policy, List<String> apps,
                                      Map<String, String> variants, Map<String, LoadedLatency> loaded, boolean replay,
                                      long seed) {
        Map<String, Integer> index = new HashMap<>();
        List<ServedModel> models = new ArrayList<>();
        LatencyProfile[] running = new LatencyProfile[apps.size()];
        double[] firstPlanned = new double[apps.size()];
        List<Replanning.Change> changes = new ArrayList<>();
        boolean planned = false;
        double spread = 0, weight = 0;
        for (String app : apps) {
            World.Model m = world.models().get(app);
            // the overhead the live policy planned this model with: the variant's recorded steps where the # batch
            // lines say them, else the recording's mean
            BatchSamples steps = trace.batches(app, variants.get(app));
            double overhead = trace.plannedOverheadMs();
            if (steps != null && steps.plannedSteps() > 0) {
                planned = true;
                overhead = steps.plannedMs(0);
                for (int i = 1; i < steps.plannedSteps(); i++) {
                    changes.add(new Replanning.Change(steps.plannedAtMs(i), models.size(), steps.plannedMs(i)));
                }
            }
            firstPlanned[models.size()] = overhead;
            running[models.size()] = loaded == null ? m.profile() : loaded.get(app).loaded();
            if (loaded != null) {
                double batches = loaded.get(app).samples().batches();
                spread += batches * loaded.get(app).spread();
                weight += batches;
            }
            index.put(app, models.size());
            models.add(new ServedModel(models.size(), app, m.profile(), m.sloMs(), m.maxBatch(), overhead));
        }
        changes.sort(Comparator.comparingDouble(Replanning.Change::atMs)); // stable: models in order at one time
        ExecutionModel execution = loaded == null ? ExecutionModel.DEVICE
                : (model, batchSize, device) -> running[model.id()].latencyMs(batchSize) * device.speed();
        if (replay) {
            BatchSamples[] recorded = new BatchSamples[apps.size()];
            for (String app : apps) recorded[index.get(app)] = loaded.get(app).samples();
            execution = new ReplayedExecution(recorded, running, trace.costs(), seed);
        }
        ColdStarts cold = null;
        if (loaded != null) {
            BatchSamples[] recorded = new BatchSamples[apps.size()];
            for (String app : apps) recorded[index.get(app)] = loaded.get(app).samples();
            if (ColdStarts.any(recorded)) {
                cold = new ColdStarts(execution, recorded, replay ? LivePathCosts.NONE : trace.costs());
                execution = cold;
            }
        }
        List<RecordedTrace.Line> lines = trace.lines().stream().filter(l -> index.containsKey(l.application())).toList();
        double[] times = new double[lines.size()], deadlines = new double[lines.size()];
        int[] modelOf = new int[lines.size()];
        double[] rates = new double[models.size()];
        List<Figures.Tally> tallies = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) tallies.add(new Figures.Tally());
        // each request reaches the simulated policy when the live one heard of it: its receipt plus the hand-off
        // measured around that time; arrivals stay in time order
        int n = lines.size();
        double[] handoffOf = new double[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            handoffOf[i] = trace.handoffMs(lines.get(i).timeMs());
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> lines.get(i).timeMs() + handoffOf[i]));
        double[] handoffs = new double[n];
        for (int k = 0; k < n; k++) {
            RecordedTrace.Line l = lines.get(order[k]);
            handoffs[k] = handoffOf[order[k]];
            times[k] = l.timeMs() + handoffs[k];
            deadlines[k] = l.deadlineMs();
            modelOf[k] = index.get(l.application());
            rates[modelOf[k]] += 1000.0 / trace.spanMs();
            tallies.get(modelOf[k]).offered();
        }
        List<Device> devices = new ArrayList<>();
        for (int d = 0; d < world.devices(); d++) devices.add(Device.of(d));
        double end = times.length == 0 ? 1 : times[times.length - 1] + 1;
        SimulationSpec spec = new SimulationSpec(models, devices, () -> List.of(TraceArrivals.of(times, modelOf, deadlines)),
                end, 0, replay ? 0 : weight > 0 ? spread / weight : 0, 1, replay ? LivePathCosts.NONE : trace.costs());
        DispatcherFactory factory = PolicyRegistry.find(policy).flatMap(PolicyEntry::simulation).orElseThrow();
        Replanning replanning = planned ? new Replanning(() -> factory.create(rates), firstPlanned, changes) : null;
        Simulator.run(spec, replanning != null ? replanning : factory.create(rates), execution, new RequestObserver() {
            @Override
            public void served(Request r, double finishMs, int batchSize) {
                // requests are numbered in arrival order: r.id is its place in handoffs
                tallies.get(r.model).served(finishMs - r.arrivalMs + handoffs[(int) r.id], finishMs <= r.deadlineMs,
                        batchSize);
            }

            @Override
            public void dropped(Request r, DropReason reason) {
            }
        });
        Map<String, Figures.Tally> out = new HashMap<>();
        for (String app : apps) out.put(app, tallies.get(index.get(app)));
        return new Simulated(out, replanning == null ? 0 : replanning.replans(), cold == null ? 0 : cold.replayed());
    }

    private static Map<String, String> mostFrequent(RecordedTrace trace, java.util.function.Function<RecordedTrace.Line, String> field) {
        Map<String, Map<String, Integer>> counts = new LinkedHashMap<>();
        for (RecordedTrace.Line l : trace.lines()) {
            String v = field.apply(l);
            if (v == null || v.isEmpty()) continue;
            counts.computeIfAbsent(l.application(), a -> new HashMap<>()).merge(v, 1, Integer::sum);
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String app : trace.applications()) {
            Map<String, Integer> c = counts.getOrDefault(app, Map.of());
            String chosen = null;
            int most = 0;
            for (Map.Entry<String, Integer> e : new java.util.TreeMap<>(c).entrySet()) { // ties: the first by name
                if (e.getValue() > most) {
                    most = e.getValue();
                    chosen = e.getKey();
                }
            }
            out.put(app, chosen);
        }
        return out;
    }
}
