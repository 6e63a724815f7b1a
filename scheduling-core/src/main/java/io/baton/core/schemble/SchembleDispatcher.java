package io.baton.core.schemble;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.Planner;
import io.baton.core.policy.Timer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Schemble's online loop (§VI-B, §VIII "Scheduler"), one base model per device:
 * <ol>
 *   <li><b>Arrival, nothing waiting</b> (buffer empty, no committed task queued) and some base model
 *       idle: the query goes straight to the idle models without planning (§VIII: "directly assign
 *       the query to the idling model without running the DP"). The paper does not say which idle
 *       models. With the dispatcher's own predictor ({@code predictMs} &gt; 0) the query is not scored
 *       on this path (the predictor "processes queries in the extra query buffer"): it gets every idle
 *       model whose task finishes by the deadline, the best it can get from them by Assumption 1
 *       (utility never falls when a model is added) and the paper's "utilizing three models for
 *       inference" under light load (appendix, Exp-1). When the score comes with the query
 *       ({@code predictMs} = 0, e.g. the live gateway's enricher scored it at the edge) it is used:
 *       the subset of the idle models with the highest utility that finishes by the deadline, the
 *       smallest on ties.</li>
 *   <li>Otherwise it joins the <b>query buffer</b>. The difficulty predictor scores it there, taking
 *       {@code predictMs} (§VIII: it "processes queries in the extra query buffer", in parallel with
 *       the base models; the paper gives no queueing for it, so every buffered query's score is ready
 *       {@code predictMs} after it entered, as for a batched predictor). When its score is ready the
 *       planner (Algorithm 1, or a greedy ablation) re-plans the buffered queries whose scores are
 *       ready ("again whenever there is a new arrival"); a query still being scored is neither
 *       planned nor rejected. Models' t_k^(0) = when the running task ends plus the committed tasks
 *       queued to the model.</li>
 *   <li><b>Lazy dispatch</b>: nothing is handed out at planning time. When model k is idle it takes
 *       its next committed task, else the first query in plan order whose planned subset holds k; that
 *       query is then committed (its subset fixed, its other tasks queued to their models) and leaves
 *       the buffer.</li>
 *   <li><b>Rejection</b>: a query the plan leaves out is dropped at once: {@code DEADLINE_UNMEETABLE} if
 *       no subset could finish by its deadline even if it ran next, else {@code REJECTED_BY_POLICY}.
 *       With rejection off (Exp-2) it is instead planned on the single model that finishes it first,
 *       after the planned queries.</li>
 *   <li><b>Planning cost</b> is charged: one planner at a time; a plan started at t with cost c is
 *       usable from t + c, is computed for that moment, and no task is handed out before it.</li>
 * </ol>
 */
public final class SchembleDispatcher implements Dispatcher {
    private final String policy;
    private final EnsembleCluster cluster;
    private final Planner<PlanningProblem, SchemblePlan> planner;
    private final double delta;
    private final boolean rejection;
    private final PlanningCost cost;
    private final double predictMs;

    private DispatchContext ctx;
    private Timer planTimer, predictTimer;
    /** Per buffered query, when its predicted score is ready. */
    private final Map<Request, Double> scoredAt = new IdentityHashMap<>();
    private boolean[] busy;
    private double[] busyUntil;
    /** Per model, the committed tasks not started yet, in plan order (rank, then commit sequence). */
    private PriorityQueue<Task>[] committedTasks;
    private long taskSeq;
    private final List<Request> buffer = new ArrayList<>();
    private List<Request> planOrder = new ArrayList<>();
    private final Map<Request, Integer> planned = new IdentityHashMap<>();
    private double planReadyAt = Double.NEGATIVE_INFINITY;
    private long plans;

    /** With a free predictor: a buffered query is scored the moment it arrives. */
    public SchembleDispatcher(String policy, EnsembleCluster cluster, Planner<PlanningProblem, SchemblePlan> planner,
                              double delta, boolean rejection, PlanningCost cost) {
        this(policy, cluster, planner, delta, rejection, cost, 0);
    }

    /** @param predictMs the difficulty predictor's latency, paid by buffered queries only (see the class docs) */
    public SchembleDispatcher(String policy, EnsembleCluster cluster, Planner<PlanningProblem, SchemblePlan> planner,
                              double delta, boolean rejection, PlanningCost cost, double predictMs) {
        if (!(predictMs >= 0)) throw new IllegalArgumentException("predictMs must be ≥ 0");
        for (int d = 0; d < cluster.deviceModel().length; d++) {
            if (cluster.deviceModel()[d] != d) throw new IllegalArgumentException(policy + " runs one device per base model, in model order");
        }
        this.policy = policy;
        this.cluster = cluster;
        this.planner = planner;
        this.delta = delta;
        this.rejection = rejection;
        this.cost = cost;
        this.predictMs = predictMs;
    }

    @Override
    public String policy() {
        return policy;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void start(DispatchContext context) {
        this.ctx = context;
        int m = cluster.models();
        busy = new boolean[m];
        busyUntil = new double[m];
        committedTasks = new PriorityQueue[m];
        for (int k = 0; k < m; k++) committedTasks[k] = new PriorityQueue<>();
        planTimer = context.timers().newTimer(this::handOut);
        predictTimer = context.timers().newTimer(this::scoresReady);
    }

    public long plans() {
        return plans;
    }

    @Override
    public void onArrival(Request r) {
        double now = ctx.nowMs();
        if (buffer.isEmpty() && nothingCommitted() && idleMask() != 0 && now >= planReadyAt) {
            int mask = predictMs > 0 ? idleMeetingDeadline(r, now) : bestIdleSubset(r, now);
            if (mask == 0 && rejection) {
                ctx.sink().drop(r, canEverMeet(r, now) ? DropReason.REJECTED_BY_POLICY : DropReason.DEADLINE_UNMEETABLE);
                return;
            }
            if (mask == 0) mask = Integer.lowestOneBit(idleMask());
            commit(r, mask, -1, -1, now);
            return;
        }
        buffer.add(r);
        scoredAt.put(r, now + predictMs);
        if (predictMs > 0) {
            armPredictTimer(now);
            return;
        }
        replan(now);
        handOut();
    }

    /** A buffered query's score is ready: re-plan with it. */
    private void scoresReady() {
        double now = ctx.nowMs();
        armPredictTimer(now);
        replan(now);
        handOut();
    }

    private void armPredictTimer(double now) {
        double next = Double.POSITIVE_INFINITY;
        for (double t : scoredAt.values()) if (t > now + 1e-9) next = Math.min(next, t);
        if (next < Double.POSITIVE_INFINITY) predictTimer.setAt(next);
        else predictTimer.cancel();
    }

    private boolean scored(Request q, double now) {
        return scoredAt.get(q) <= now + 1e-9;
    }

    @Override
    public void onBatchDone(Batch batch) {
        busy[batch.device()] = false;
        handOut();
    }

    private boolean nothingCommitted() {
        for (PriorityQueue<Task> q : committedTasks) if (!q.isEmpty()) return false;
        return true;
    }

    private int idleMask() {
        int mask = 0;
        for (int k = 0; k < busy.length; k++) if (!busy[k]) mask |= 1 << k;
        return mask;
    }

    /** The direct path's subset for a scored query: the idle subset of highest utility meeting the deadline, the smallest on ties. */
    private int bestIdleSubset(Request r, double now) {
        int idle = idleMask(), best = 0;
        double bestU = -1;
        double[] u = EnsembleQuery.of(r).utility;
        for (int s = idle; s > 0; s = (s - 1) & idle) {
            double finish = now;
            for (int k = 0; k < busy.length; k++) if ((s >>> k & 1) != 0) finish = Math.max(finish, now + cluster.latencyMs()[k]);
            if (rejection && finish > r.deadlineMs + 1e-9) continue;
            if (u[s] > bestU || (u[s] == bestU && Integer.bitCount(s) < Integer.bitCount(best))) {
                bestU = u[s];
                best = s;
            }
        }
        return best;
    }

    /** The direct path's subset for an unscored query: every idle model that finishes by the deadline (all idle ones without rejection). */
    private int idleMeetingDeadline(Request r, double now) {
        int mask = 0;
        for (int k = 0; k < busy.length; k++) {
            if (!busy[k] && (!rejection || now + cluster.latencyMs()[k] <= r.deadlineMs + 1e-9)) mask |= 1 << k;
        }
        return mask;
    }

    /** When model k could start a new task: after its running task and its committed queue. */
    private double freeAt(int k, double now) {
        double t = busy[k] ? Math.max(now, busyUntil[k]) : now;
        return t + committedTasks[k].size() * cluster.latencyMs()[k];
    }

    private boolean canEverMeet(Request r, double now) {
        for (int k = 0; k < busy.length; k++) if (freeAt(k, now) + cluster.latencyMs()[k] <= r.deadlineMs + 1e-9) return true;
        return false;
    }

    private void replan(double now) {
        int m = cluster.models();
        double start = Math.max(now, planReadyAt);
        List<PlannerModel> models = new ArrayList<>(m);
        List<PlannerQuery> queries = new ArrayList<>(buffer.size());
        List<Request> ready = new ArrayList<>(buffer.size());
        for (Request q : buffer) if (scored(q, now)) ready.add(q);
        if (ready.isEmpty()) {
            planned.clear();
            planOrder = new ArrayList<>();
            return;
        }
        long t0 = System.nanoTime();
        for (Request q : ready) queries.add(new PlannerQuery(Long.toString(q.id), q.deadlineMs, EnsembleQuery.of(q).utility));
        // t_k^(0) is taken at the moment the plan will be ready; the cost is known only afterwards, so
        // the plan is made for `start` and checked against the real ready time below.
        for (int k = 0; k < m; k++) models.add(new PlannerModel(cluster.modelNames().get(k), cluster.latencyMs()[k], freeAt(k, start)));
        SchemblePlan plan = planner.plan(new PlanningProblem(start, delta, models, queries));
        // The planner put the committed tasks first on their models: rank them before every new one.
        for (PriorityQueue<Task> tasks : committedTasks) {
            List<Task> kept = new ArrayList<>(tasks.size());
            while (!tasks.isEmpty()) kept.add(tasks.poll());
            for (Task t : kept) tasks.add(new Task(t.query, -1, taskSeq++));
        }
        long nanos = System.nanoTime() - t0;
        plans++;
        planReadyAt = start + cost.ms(nanos, ready.size());
        planned.clear();
        List<Request> order = new ArrayList<>(ready.size());
        for (SchemblePlan.Assignment a : plan.assignments()) {
            Request q = ready.get(a.query());
            planned.put(q, a.mask());
            order.add(q);
        }
        List<Request> left = new ArrayList<>();
        for (Request q : ready) if (!planned.containsKey(q)) left.add(q);
        left.sort((a, b) -> Double.compare(a.deadlineMs, b.deadlineMs));
        for (Request q : left) {
            if (rejection) {
                buffer.remove(q);
                scoredAt.remove(q);
                ctx.sink().drop(q, canEverMeet(q, planReadyAt) ? DropReason.REJECTED_BY_POLICY : DropReason.DEADLINE_UNMEETABLE);
            } else {
                planned.put(q, 1 << earliestSingle(planReadyAt));
                order.add(q);
            }
        }
        planOrder = order;
    }

    private int earliestSingle(double now) {
        int best = 0;
        for (int k = 1; k < busy.length; k++) {
            if (freeAt(k, now) + cluster.latencyMs()[k] < freeAt(best, now) + cluster.latencyMs()[best]) best = k;
        }
        return best;
    }

    /** Lazy dispatch: every idle model takes its committed task, else the next planned query that uses it. */
    private void handOut() {
        double now = ctx.nowMs();
        if (now < planReadyAt) {
            planTimer.setAt(planReadyAt);
            return;
        }
        for (int k = 0; k < busy.length; k++) {
            if (busy[k]) continue;
            // The model's next task in plan order: a committed one, or the first planned query using k.
            Task head = committedTasks[k].peek();
            int next = -1;
            for (int i = 0; i < planOrder.size(); i++) {
                Request q = planOrder.get(i);
                if (q != null && (planned.get(q) >>> k & 1) != 0) {
                    next = i;
                    break;
                }
            }
            if (head != null && (next < 0 || head.rank < next)) {
                run(committedTasks[k].poll().query, k, now);
            } else if (next >= 0) {
                Request q = planOrder.set(next, null);
                buffer.remove(q);
                scoredAt.remove(q);
                commit(q, planned.remove(q), next, k, now);
            }
        }
    }

    /**
     * Fixes the query's subset and queues its tasks in plan order; the task on {@code runOn} starts now
     * (runOn = −1: the direct path, where every chosen model is idle and nothing waits).
     */
    private void commit(Request q, int mask, int rank, int runOn, double now) {
        EnsembleQuery.of(q).committed = mask;
        for (int k = 0; k < busy.length; k++) {
            if ((mask >>> k & 1) == 0) continue;
            if (k == runOn || runOn < 0) run(q, k, now);
            else committedTasks[k].add(new Task(q, rank, taskSeq++));
        }
    }

    /** A committed task waiting for its model; rank = the query's position in the plan it came from. */
    private record Task(Request query, int rank, long seq) implements Comparable<Task> {
        @Override
        public int compareTo(Task o) {
            return rank != o.rank ? Integer.compare(rank, o.rank) : Long.compare(seq, o.seq);
        }
    }

    private void run(Request q, int k, double now) {
        busy[k] = true;
        busyUntil[k] = now + cluster.latencyMs()[k];
        ctx.sink().dispatch(new Batch(k, k, new Request[] {q}, now, cluster.latencyMs()[k]));
    }

    @Override
    public String toString() {
        return policy + Arrays.toString(cluster.latencyMs());
    }
}
