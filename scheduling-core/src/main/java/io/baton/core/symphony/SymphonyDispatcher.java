package io.baton.core.symphony;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Request;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.Timer;

/**
 * Symphony's dispatcher on one thread: a {@link ModelQueue} per model and one {@link Rank}, wired by
 * direct calls. Policy ids {@code symphony} (non-work-conserving) and {@code work-conserving} (the
 * same machinery, candidates schedulable at once; the paper's Fig. 4 comparison).
 *
 * <p>After every event the dispatcher settles: it runs rank rounds, hands each round's commands to the
 * models in the order issued, and repeats until a round issues nothing; then it arms one timer for the
 * rank's next due time. {@link ThreadedSymphonyDispatcher} runs the same two
 * classes on separate threads and reaches the same decisions.
 */
public final class SymphonyDispatcher implements Dispatcher {
    private final BatchingRule rule;
    private DispatchContext ctx;
    private ModelQueue[] queues;
    private Rank rank;
    private Timer wake;

    // commands of the current round, executed after the round
    private int[] cmdModel = new int[16];
    private int[] cmdDevice = new int[16];
    private double[] cmdFreeAt = new double[16];
    private int cmdCount;

    public SymphonyDispatcher(BatchingRule rule) {
        this.rule = rule;
    }

    public static SymphonyDispatcher symphony() {
        return new SymphonyDispatcher(BatchingRule.NON_WORK_CONSERVING);
    }

    public static SymphonyDispatcher workConserving() {
        return new SymphonyDispatcher(BatchingRule.WORK_CONSERVING);
    }

    @Override
    public String policy() {
        return rule.policyId();
    }

    @Override
    public void start(DispatchContext context) {
        this.ctx = context;
        int nModels = context.models().size();
        this.rank = new Rank(nModels, context.devices().size());
        this.queues = new ModelQueue[nModels];
        double margin = ModelQueue.waitMarginFactor(nModels, context.devices().size());
        for (int m = 0; m < nModels; m++) {
            queues[m] = new ModelQueue(context.models().get(m), margin, rule, context.sink(), rank::candidate);
        }
        double now = context.nowMs();
        for (int d = 0; d < context.devices().size(); d++) rank.deviceIdle(d, now);
        this.wake = context.timers().newTimer(this::settle);
    }

    @Override
    public void onArrival(Request request) {
        queues[request.model].arrive(request, ctx.nowMs());
        settle();
    }

    @Override
    public void onBatchDone(Batch batch) {
        rank.deviceIdle(batch.device(), ctx.nowMs());
        settle();
    }

    private final RankCommands collect = new RankCommands() {
        @Override
        public void grant(int model, int device, double deviceFreeAtMs) {
            add(model, device, deviceFreeAtMs);
        }

        @Override
        public void refresh(int model) {
            add(model, -1, 0);
        }
    };

    private void add(int model, int device, double freeAt) {
        if (cmdCount == cmdModel.length) {
            cmdModel = java.util.Arrays.copyOf(cmdModel, cmdCount * 2);
            cmdDevice = java.util.Arrays.copyOf(cmdDevice, cmdCount * 2);
            cmdFreeAt = java.util.Arrays.copyOf(cmdFreeAt, cmdCount * 2);
        }
        cmdModel[cmdCount] = model;
        cmdDevice[cmdCount] = device;
        cmdFreeAt[cmdCount] = freeAt;
        cmdCount++;
    }

    private void settle() {
        double now = ctx.nowMs();
        while (true) {
            cmdCount = 0;
            rank.round(now, collect);
            if (cmdCount == 0) break;
            for (int i = 0; i < cmdCount; i++) {
                ModelQueue q = queues[cmdModel[i]];
                int device = cmdDevice[i];
                if (device < 0) {
                    q.onRefresh(now);
                } else if (!q.onGrant(device, now)) {
                    rank.deviceIdle(device, cmdFreeAt[i]);
                }
            }
        }
        double next = rank.nextWakeMs();
        if (next == Double.POSITIVE_INFINITY) {
            wake.cancel();
        } else if (wake.atMs() != next) {
            wake.setAt(next);
        }
    }
}
