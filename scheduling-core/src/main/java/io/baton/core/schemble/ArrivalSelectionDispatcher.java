package io.baton.core.schemble;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.Dispatcher;
import java.util.ArrayDeque;
import java.util.function.ToIntFunction;

/**
 * The baselines that pick a query's subset at arrival, from the query alone, and push its tasks into
 * FIFO queues (Schemble §VIII: Original, Static, Gating, DES). Each task is pinned at arrival to the
 * replica of its model that frees first (list scheduling), so the estimated completion is known then;
 * with rejection on (Exp-1, "applied to all methods") a query whose estimate is past its deadline is
 * dropped at arrival.
 */
public final class ArrivalSelectionDispatcher implements Dispatcher {
    private final String policy;
    private final EnsembleCluster cluster;
    private final ToIntFunction<EnsembleQuery> selector;
    private final boolean rejection;

    private DispatchContext ctx;
    private double[] freeAt;
    private boolean[] busy;
    private ArrayDeque<Request>[] queue;

    /** @param selector the subset mask for a query (never 0) */
    public ArrivalSelectionDispatcher(String policy, EnsembleCluster cluster, ToIntFunction<EnsembleQuery> selector, boolean rejection) {
        this.policy = policy;
        this.cluster = cluster;
        this.selector = selector;
        this.rejection = rejection;
    }

    @Override
    public String policy() {
        return policy;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void start(DispatchContext context) {
        ctx = context;
        int devices = cluster.deviceModel().length;
        freeAt = new double[devices];
        busy = new boolean[devices];
        queue = new ArrayDeque[devices];
        for (int d = 0; d < devices; d++) queue[d] = new ArrayDeque<>();
    }

    @Override
    public void onArrival(Request r) {
        double now = ctx.nowMs();
        EnsembleQuery q = EnsembleQuery.of(r);
        int mask = selector.applyAsInt(q);
        int[] device = new int[cluster.models()];
        double finish = now;
        for (int k = 0; k < cluster.models(); k++) {
            if ((mask >>> k & 1) == 0) continue;
            int best = -1;
            for (int d = 0; d < freeAt.length; d++) {
                if (cluster.deviceModel()[d] == k && (best < 0 || Math.max(now, freeAt[d]) < Math.max(now, freeAt[best]))) best = d;
            }
            if (best < 0) throw new IllegalStateException(policy + ": no device hosts model " + k);
            device[k] = best;
            finish = Math.max(finish, Math.max(now, freeAt[best]) + cluster.latencyMs()[k]);
        }
        if (rejection && finish > r.deadlineMs + 1e-9) {
            ctx.sink().drop(r, DropReason.DEADLINE_UNMEETABLE);
            return;
        }
        q.committed = mask;
        for (int k = 0; k < cluster.models(); k++) {
            if ((mask >>> k & 1) == 0) continue;
            int d = device[k];
            freeAt[d] = Math.max(now, freeAt[d]) + cluster.latencyMs()[k];
            queue[d].add(r);
            pump(d);
        }
    }

    @Override
    public void onBatchDone(Batch batch) {
        busy[batch.device()] = false;
        pump(batch.device());
    }

    private void pump(int d) {
        if (busy[d] || queue[d].isEmpty()) return;
        Request r = queue[d].poll();
        int k = cluster.deviceModel()[d];
        busy[d] = true;
        ctx.sink().dispatch(new Batch(k, d, new Request[] {r}, ctx.nowMs(), cluster.latencyMs()[k]));
    }
}
