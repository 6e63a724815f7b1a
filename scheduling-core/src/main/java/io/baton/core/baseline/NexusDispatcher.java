package io.baton.core.baseline;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.PolicyIds;
import io.baton.core.util.DeadlineQueue;
import java.util.ArrayList;
import java.util.List;

/**
 * Nexus-like baseline (policy id {@code nexus}): models pinned to devices by the epoch plan of
 * {@link NexusPlanner}; frontends route each model's requests over its devices by smooth weighted
 * round-robin (weights = the rate each device was planned to take; the authors' emulation uses deficit
 * round-robin); each device cycles round-robin over its own sessions and runs, work-conserving, the
 * largest batch up to its planned size that still meets the earliest deadline, dropping requests that
 * cannot finish even alone.
 *
 * <p>With several frontends (Symphony's Nexus8FE) each frontend routes independently, which makes the
 * per-device arrivals burstier; requests are spread over frontends round-robin.
 */
public final class NexusDispatcher implements Dispatcher {
    private final double[] ratesPerSec;
    private final int frontends;
    private NexusPlan plan;
    private DispatchContext ctx;
    private ServedModel[] models;

    // per device: its sessions, their queues, the round-robin cursor, busy flag
    private int[][] deviceModels;
    private int[][] deviceBatch;
    private DeadlineQueue[][] deviceQueues;
    private int[] cursor;
    private boolean[] busy;
    // per model: the (device, session index) pairs and weights; per frontend: smooth WRR state
    private int[][] routeDevice;
    private int[][] routeSession;
    private double[][] routeWeight;
    private double[][][] current;
    private long arrivals;

    /** @param ratesPerSec the planned rate of every model (the epoch's load forecast) */
    public NexusDispatcher(double[] ratesPerSec, int frontends) {
        if (frontends < 1) throw new IllegalArgumentException("frontends must be ≥ 1");
        this.ratesPerSec = ratesPerSec.clone();
        this.frontends = frontends;
    }

    @Override
    public String policy() {
        return frontends == 1 ? PolicyIds.NEXUS : PolicyIds.NEXUS + "-" + frontends + "fe";
    }

    public NexusPlan plan() {
        return plan;
    }

    @Override
    public void start(DispatchContext context) {
        this.ctx = context;
        this.models = context.models().toArray(new ServedModel[0]);
        int nDev = context.devices().size();
        this.plan = new NexusPlanner().plan(context.models(), ratesPerSec, nDev);
        deviceModels = new int[nDev][];
        deviceBatch = new int[nDev][];
        deviceQueues = new DeadlineQueue[nDev][];
        cursor = new int[nDev];
        busy = new boolean[nDev];
        List<List<int[]>> routes = new ArrayList<>();
        List<List<Double>> weights = new ArrayList<>();
        for (int m = 0; m < models.length; m++) {
            routes.add(new ArrayList<>());
            weights.add(new ArrayList<>());
        }
        for (NexusPlan.DevicePlan dp : plan.devices()) {
            int d = dp.device();
            int n = dp.sessions().size();
            deviceModels[d] = new int[n];
            deviceBatch[d] = new int[n];
            deviceQueues[d] = new DeadlineQueue[n];
            for (int s = 0; s < n; s++) {
                NexusPlan.Session sess = dp.sessions().get(s);
                deviceModels[d][s] = sess.model();
                deviceBatch[d][s] = sess.batch();
                deviceQueues[d][s] = new DeadlineQueue();
                routes.get(sess.model()).add(new int[] {d, s});
                weights.get(sess.model()).add(sess.rate());
            }
        }
        routeDevice = new int[models.length][];
        routeSession = new int[models.length][];
        routeWeight = new double[models.length][];
        current = new double[frontends][models.length][];
        for (int m = 0; m < models.length; m++) {
            int k = routes.get(m).size();
            routeDevice[m] = new int[k];
            routeSession[m] = new int[k];
            routeWeight[m] = new double[k];
            for (int i = 0; i < k; i++) {
                routeDevice[m][i] = routes.get(m).get(i)[0];
                routeSession[m][i] = routes.get(m).get(i)[1];
                routeWeight[m][i] = weights.get(m).get(i);
            }
            for (int f = 0; f < frontends; f++) current[f][m] = new double[k];
        }
    }

    @Override
    public void onArrival(Request request) {
        int m = request.model;
        int k = routeDevice[m].length;
        if (k == 0) {
            ctx.sink().drop(request, DropReason.NO_DEVICE);
            return;
        }
        int route = 0;
        if (k > 1) {
            double[] cur = current[(int) (arrivals % frontends)][m];
            double total = 0, best = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < k; i++) {
                cur[i] += routeWeight[m][i];
                total += routeWeight[m][i];
                if (cur[i] > best) {
                    best = cur[i];
                    route = i;
                }
            }
            cur[route] -= total;
        }
        arrivals++;
        int d = routeDevice[m][route];
        deviceQueues[d][routeSession[m][route]].add(request);
        if (!busy[d]) runNext(d);
    }

    @Override
    public void onBatchDone(Batch batch) {
        busy[batch.device()] = false;
        runNext(batch.device());
    }

    /** The device's next turn: the next session in its cycle that has a servable request. */
    private void runNext(int d) {
        double now = ctx.nowMs();
        int n = deviceModels[d].length;
        for (int step = 0; step < n; step++) {
            int s = cursor[d];
            cursor[d] = (s + 1) % n;
            DeadlineQueue q = deviceQueues[d][s];
            ServedModel m = models[deviceModels[d][s]];
            LatencyProfile p = m.profile();
            double l1 = p.latencyMs(1);
            while (!q.isEmpty() && q.peek().deadlineMs < now + l1) {
                ctx.sink().drop(q.poll(), DropReason.DEADLINE_UNMEETABLE);
            }
            if (q.isEmpty()) continue;
            int b = p.largestBatchWithin(q.peek().deadlineMs - now, Math.min(q.size(), deviceBatch[d][s]));
            busy[d] = true;
            ctx.sink().dispatch(new Batch(m.id(), d, q.pollBatch(b), now, p.latencyMs(b)));
            return;
        }
    }
}
