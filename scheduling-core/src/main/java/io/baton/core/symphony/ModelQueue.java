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
 *   <li>Prune with the authors' sliding window ({@link #prune}): heads that would force the batch
 *       below what is queued behind them are dropped with a reason; the batch is the earliest-deadline
 *       requests that can finish together, grown while the earliest deadline allows.</li>
 *   <li>sched_at = dl − ℓ(bs+1), invalid_after = dl − ℓ(bs).</li>
 *   <li>Schedulable now when bs ≥ β·λ (§3.2: waiting for one more request pays exactly when b &lt; βλ),
 *       otherwise a little before sched_at ({@link #waitMarginFactor}). β is the local secant β' = (bs+1)·ℓ(bs) − bs·ℓ(bs+1), which is the
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
    private final double waitMarginFactor;

    private final DeadlineQueue queue = new DeadlineQueue();

    private int bs;
    private long handled;

    /** See {@link #waitMarginFactor}. */
    static final double WAIT_MARGIN_COMPLETIONS = 3;

    /**
     * @param waitMarginFactor how far before sched_at a waiting candidate turns schedulable, per ms of
     *                         ℓ(bs+1): {@link #waitMarginFactor(int, int)} for its sub-cluster
     */
    ModelQueue(ServedModel model, double waitMarginFactor, BatchingRule rule, DispatchSink sink, CandidateListener listener) {
        this.waitMarginFactor = waitMarginFactor;
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

    /**
     * Sliding-window pruning (the authors' code, notes §3.2 steps a–f) for a start at nowMs, with the
     * queue in deadline order and target = the model's largest batch:
     * <ol type="a">
     *   <li>skip heads while the rest of the queue (at most target of it) could not finish together by
     *       the head's deadline;</li>
     *   <li>bs = min(target, what is left);</li>
     *   <li>drop the skipped heads that cannot finish in a batch of bs (reason DEADLINE_UNMEETABLE when
     *       not even alone, SHED_FOR_BATCH otherwise);</li>
     *   <li>dl = the earliest remaining deadline;</li>
     *   <li>"free lunch": grow bs while dl − ℓ(bs+1) ≥ now;</li>
     *   <li>the candidate is the bs earliest-deadline requests.</li>
     * </ol>
     * The paper's text describes Clipper's rule instead (keep the earliest-deadline subset that fits,
     * shrinking the batch). Under overload that rule serves only requests close to their deadline, in
     * ever smaller batches, and goodput collapses (measured: at 120% of capacity 40% of DenseNet
     * requests dropped, mean batch 2.9). The paper reports a flat top (§3.4, Fig. 10): beyond peak the
     * bad rate is ≈ (o − p)/o. Dropping the heads that would force a small batch is what gives it, so
     * we follow the code.
     */
    private void prune(double nowMs) {
        int n = queue.size();
        int target = model.maxBatch();
        // Step (a). fits(k) — the head after skipping k can finish with the rest of the queue — only
        // turns from false to true as k grows (deadlines rise, batches shrink), so binary search it:
        // a deadline-limited queue keeps its skipped heads, and a linear scan would revisit them on
        // every arrival.
        int skipped = 0;
        if (n > 0 && !fitsAfterSkipping(0, n, target, nowMs)) {
            int lo = 0, hi = n;     // fits(lo) is false; fits(hi) counts as true
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (fitsAfterSkipping(mid, n, target, nowMs)) hi = mid; else lo = mid;
            }
            skipped = hi;
        }
        int b = Math.min(n - skipped, target);
        // When everything was skipped even a batch of one is too late for all of it.
        double lb = profile.latencyMs(Math.max(b, 1));
        while (!queue.isEmpty() && queue.peek().deadlineMs - lb < nowMs) {
            Request r = queue.poll();
            boolean hopeless = r.deadlineMs - profile.latencyMs(1) < nowMs;
            sink.drop(r, hopeless ? DropReason.DEADLINE_UNMEETABLE : DropReason.SHED_FOR_BATCH);
        }
        if (queue.isEmpty()) {
            bs = 0;
            return;
        }
        // The rank compares invalid_after = dl − ℓ(bs) with now; growing with the very same expression
        // means floating-point rounding can never leave a candidate fresh here and stale there.
        double dl = queue.peek().deadlineMs;
        int cap = Math.min(queue.size(), target);
        while (b < cap && dl - profile.latencyMs(b + 1) >= nowMs) b++;
        bs = b;
    }

    private boolean fitsAfterSkipping(int skipped, int n, int target, double nowMs) {
        return queue.get(skipped).deadlineMs - profile.latencyMs(Math.min(n - skipped, target)) >= nowMs;
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
            execAt = enough ? nowMs : Math.max(nowMs, schedAt - waitMarginFactor * lNext);
        }
        listener.candidate(model.id(), bs, execAt, schedAt, invalidAfter, handled);
    }

    /**
     * How much earlier than sched_at a waiting candidate turns schedulable: k·ℓ(bs+1)/D with k = 3 and
     * D the devices the model shares with other models. At sched_at the candidate has only
     * ℓ(bs+1) − ℓ(bs) = α left before it must shrink; if other models took every device meanwhile, it
     * needs one to free within that α. With D busy devices running batches of about ℓ(bs+1),
     * completions come about every ℓ/D, and the chance that none comes within k·ℓ/D is about e^−k
     * (5% for k = 3). The authors' code likewise turns the candidate schedulable before sched_at (by
     * the data-transfer time and 20–100 µs of timer jitter); the paper is silent on how much.
     *
     * <p>Measured (bench symphony-policies): without it, with one device per model, waiting candidates
     * were dropped often enough to cut goodput to 0.54× work-conserving (DenseNet121, 8 models on 8
     * devices, SLO 30 ms); with it, 0.98×. A model alone on its devices gets no margin: no one else can
     * take a device it waits beside, and a margin there only shrinks its batches (Table 4: 4671 instead
     * of 5250 req/s for ResNet50).
     */
    static double waitMarginFactor(int models, int devices) {
        if (devices < 1) throw new IllegalArgumentException("devices must be ≥ 1");
        return models > 1 ? WAIT_MARGIN_COMPLETIONS / devices : 0;
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
