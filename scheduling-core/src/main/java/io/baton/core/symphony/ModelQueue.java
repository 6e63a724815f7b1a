package io.baton.core.symphony;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchSink;
import io.baton.core.util.DeadlineQueue;
import java.util.Arrays;

/**
 * One model's side of Symphony (the paper's ModelThread, §3.2 and Appendix C): its queue in deadline
 * order, its measured rate λ, and its single candidate batch. It touches only model-local state, so
 * the live dispatcher can run many of these on other threads than the rank.
 *
 * <p>Candidate maintenance ({@link #refresh}) at a start time s:
 * <ol>
 *   <li>Prune (Clipper-style, as the paper says): requests at the head that cannot finish by their
 *       deadline even alone, s + ℓ(1) &gt; deadline, are dropped with a reason; then the batch is the
 *       largest earliest-deadline prefix that can still finish together, s + ℓ(bs) ≤ dl. The rest wait
 *       for a later candidate.</li>
 *   <li>sched_at = dl − ℓ(bs+1), invalid_after = dl − ℓ(bs).</li>
 *   <li>Schedulable now when bs ≥ β·λ (§3.2: waiting for one more request pays exactly when b &lt; βλ),
 *       otherwise at sched_at. β is the local secant β' = (bs+1)·ℓ(bs) − bs·ℓ(bs+1), which is the
 *       profile's β for a linear profile and keeps the rule exact for a measured one (the authors' code
 *       also uses a local secant). A candidate that cannot grow (bs at maxBatch, or more requests
 *       queued than fit before dl) gains nothing from waiting and is schedulable now.</li>
 * </ol>
 */
final class ModelQueue {
    private final ServedModel model;
    private final LatencyProfile profile;
    private final BatchingRule rule;
    private final DispatchSink sink;
    private final CandidateListener listener;
    private final RateMeter rate = new RateMeter();

    private final DeadlineQueue queue = new DeadlineQueue();

    private int bs;
    private long handled;

    ModelQueue(ServedModel model, BatchingRule rule, DispatchSink sink, CandidateListener listener) {
        this.model = model;
        this.profile = model.profile();
        this.rule = rule;
        this.sink = sink;
        this.listener = listener;
    }

    int queued() {
        return queue.size();
    }

    /** A request arrived at nowMs: queue it and publish the new candidate. */
    void arrive(Request r, double nowMs) {
        rate.record(nowMs);
        queue.add(r);
        refresh(nowMs);
    }

    /** The rank asks for a re-prune (its candidate's invalid_after passed). */
    void onRefresh(double nowMs) {
        handled++;
        refresh(nowMs);
    }

    /**
     * The rank granted a device. Re-prune for the real start time, dispatch the batch, publish the next
     * candidate. Returns false when nothing was left to run (all pruned), so the device stays idle.
     */
    boolean onGrant(int device, double nowMs) {
        handled++;
        prune(nowMs);
        int n = bs;
        if (n == 0) {
            publish(nowMs);
            return false;
        }
        Request[] batch = queue.pollBatch(n);
        sink.dispatch(new Batch(model.id(), device, batch, nowMs, profile.latencyMs(n)));
        refresh(nowMs);
        return true;
    }

    private void refresh(double nowMs) {
        prune(nowMs);
        publish(nowMs);
    }

    /** Drops hopeless heads and sizes the candidate for a start at nowMs. */
    private void prune(double nowMs) {
        double l1 = profile.latencyMs(1);
        while (!queue.isEmpty() && queue.peek().deadlineMs - l1 < nowMs) {
            sink.drop(queue.poll(), DropReason.DEADLINE_UNMEETABLE);
        }
        if (queue.isEmpty()) {
            bs = 0;
            return;
        }
        double dl = queue.peek().deadlineMs;
        int cap = Math.min(queue.size(), model.maxBatch());
        // Incremental from the previous size: usually one step, binary search otherwise.
        int b = Math.min(Math.max(bs, 1), cap);
        if (dl - profile.latencyMs(b) >= nowMs) {
            while (b < cap && dl - profile.latencyMs(b + 1) >= nowMs) {
                b++;
                if (b - bs > 4) {
                    b = profile.largestBatchWithin(dl - nowMs, cap);
                    break;
                }
            }
        } else {
            b = profile.largestBatchWithin(dl - nowMs, cap);
        }
        // The rank compares invalid_after = dl − ℓ(bs) with now; decide with the very same expression so
        // that floating-point rounding can never leave a candidate that is at once fresh here and stale there.
        while (b > 1 && dl - profile.latencyMs(b) < nowMs) b--;
        bs = b;
    }

    private void publish(double nowMs) {
        if (bs == 0) {
            listener.candidate(model.id(), 0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, handled);
            return;
        }
        double dl = queue.peek().deadlineMs;
        double lb = profile.latencyMs(bs);
        double lNext = profile.latencyMs(bs + 1);
        double schedAt = dl - lNext;
        double invalidAfter = dl - lb;
        boolean canGrow = bs < model.maxBatch() && bs == queue.size();
        double execAt;
        if (rule == BatchingRule.WORK_CONSERVING || !canGrow) {
            execAt = nowMs;
        } else {
            double betaLocal = (bs + 1) * lb - bs * lNext;
            boolean enough = bs >= betaLocal * rate.perMs(nowMs);
            execAt = enough ? nowMs : Math.max(nowMs, schedAt);
        }
        listener.candidate(model.id(), bs, execAt, schedAt, invalidAfter, handled);
    }

    /** The queued requests in deadline order (tests and diagnostics). */
    Request[] snapshot() {
        return queue.snapshot();
    }

    @Override
    public String toString() {
        return "ModelQueue{" + model.name() + ", queued=" + queue.size() + ", bs=" + bs + ", ids="
                + Arrays.toString(Arrays.stream(snapshot()).mapToLong(r -> r.id).toArray()) + '}';
    }
}
