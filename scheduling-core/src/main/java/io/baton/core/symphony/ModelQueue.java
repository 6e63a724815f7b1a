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
 *   <li>Prune ({@link #prune}): Clipper's rule (the paper's), except under a backlog, where heads that
 *       would force the batch below the model's target batch are shed (the authors' code); the batch is
 *       the earliest-deadline requests that can finish together, grown while the earliest deadline
 *       allows.</li>
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
    /** See {@link ServedModel#wireMs}: counted in every deadline, not in β. */
    private final double wireMs;
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
        this.wireMs = model.wireMs();
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
        sink.dispatch(new Batch(model.id(), device, batch, nowMs, latency(n)));
        refresh(nowMs);
        return true;
    }

    private void refresh(double nowMs) {
        prune(nowMs);
        publish(nowMs);
    }

    /**
     * Pruning for a start at nowMs, with the queue in deadline order. The paper (§4.3, "how do we prune
     * the candidate?") keeps Clipper's rule: the earliest-deadline subset that can still finish together
     * is the candidate, the rest waits for a later candidate, and only requests that cannot finish even
     * alone are dropped. The authors' code sheds instead (notes §3.2, "sliding window"): a head whose
     * deadline would cap the batch below what is queued behind it is dropped. We do both, each where it
     * is right:
     * <ol type="a">
     *   <li>skip heads while the rest of the queue (at most maxBatch of it) could not finish together by
     *       the head's deadline;</li>
     *   <li>if heads were skipped and at least a {@link #targetBatch target batch} waits behind them (a
     *       backlog), shed every skipped head that cannot finish in a batch of the target size
     *       (SHED_FOR_BATCH; the code's rule). Otherwise keep them (Clipper's rule);</li>
     *   <li>drop any head that cannot finish even alone (DEADLINE_UNMEETABLE);</li>
     *   <li>"free lunch": the candidate is the earliest-deadline requests, as many as can finish by the
     *       earliest remaining deadline.</li>
     * </ol>
     * Why not one rule everywhere (measured, bench symphony-policies and an overload sweep):
     * <ul>
     *   <li>Clipper's rule alone collapses under overload: it serves requests close to their deadline
     *       in ever smaller batches (DenseNet121, 8 models on 16 GPUs, SLO 30, Poisson: at 20,000 req/s
     *       offered, goodput 1,502 req/s with mean batch 1.1), where the paper reports a flat top
     *       (§4.4, Fig. 10). With shedding under a backlog: 8,545 req/s, mean batch 12.7.</li>
     *   <li>Shedding everywhere sheds requests that other devices could still serve in time: a burst
     *       arriving while every device is busy, or a candidate that waited until its sched_at and then
     *       found no device free (the head is dropped, where Clipper's rule would move the newest request
     *       to the next candidate). Symphony waits by design, so this cost it most: 105 of 114
     *       configurations at ≥ 0.95× work-conserving with shedding everywhere, 108 with this rule.</li>
     * </ul>
     */
    private void prune(double nowMs) {
        int n = queue.size();
        int maxBatch = model.maxBatch();
        // Step (a). fits(k) — the head after skipping k can finish with the rest of the queue — only
        // turns from false to true as k grows (deadlines rise, batches shrink), so binary search it:
        // a deadline-limited queue keeps its skipped heads, and a linear scan would revisit them on
        // every arrival.
        int skipped = 0;
        if (n > 0 && !fitsAfterSkipping(0, n, maxBatch, nowMs)) {
            int lo = 0, hi = n;     // fits(lo) is false; fits(hi) counts as true
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (fitsAfterSkipping(mid, n, maxBatch, nowMs)) hi = mid; else lo = mid;
            }
            skipped = hi;
        }
        // Steps (b) and (c): the batch size a head must still fit into to be kept. With nothing
        // skipped no head is at stake, and the target need not be worked out.
        int keepFor = 1;
        if (skipped > 0) {
            int behind = Math.min(n - skipped, maxBatch);
            int target = targetBatch(maxBatch, nowMs);
            if (behind >= target) keepFor = target;
        }
        double lKeep = latency(keepFor);
        double l1 = keepFor == 1 ? lKeep : latency(1);
        while (!queue.isEmpty() && queue.peek().deadlineMs - lKeep < nowMs) {
            Request r = queue.poll();
            sink.drop(r, r.deadlineMs - l1 < nowMs ? DropReason.DEADLINE_UNMEETABLE : DropReason.SHED_FOR_BATCH);
        }
        if (queue.isEmpty()) {
            bs = 0;
            return;
        }
        // Step (d). The rank compares invalid_after = dl − ℓ(bs) with now; growing with the very same
        // expression means floating-point rounding can never leave a candidate fresh here and stale there.
        double dl = queue.peek().deadlineMs;
        int cap = Math.min(queue.size(), maxBatch);
        int b = keepFor;
        if (skipped == 0) b = Math.min(n, maxBatch);  // the head fits with all of it: nothing to grow through
        while (b < cap && dl - latency(b + 1) >= nowMs) b++;
        bs = b;
    }

    /**
     * The model's target batch at its measured rate λ, at most {@code limit} (≥ 1): the largest b with
     * (1 + 1/N)·ℓ(b) ≤ SLO where N = λ·ℓ(b)/b, i.e. §4.2's ideal batch (Eq. 2) on exactly as many
     * devices as Eq. 3 says the rate needs at that batch, N possibly fractional. That simplifies to
     * ℓ(b) + b/λ ≤ SLO: the time to collect b requests plus the time to run them. The authors' code
     * prunes against the same estimate (notes §3.1, [code] solver; no network delays here). Without a
     * measured rate: the largest b with ℓ(b) ≤ SLO/2 (Eq. 1), as the code does. At least 1.
     */
    int targetBatch(int limit, double nowMs) {
        double perMs = rate.perMs(nowMs);
        double slo = model.sloMs();
        int lo = 1, hi = limit;     // the answer is in [lo, hi]; the test only turns false as b grows
        while (lo < hi) {
            int mid = (int) (((long) lo + hi + 1) >>> 1);
            double l = latency(mid);
            boolean fits = perMs > 0 ? l + mid / perMs <= slo : l <= slo / 2;
            if (fits) lo = mid; else hi = mid - 1;
        }
        return lo;
    }

    /** ℓ(b) end to end: the device's profile plus the wire. */
    private double latency(int b) {
        return profile.latencyMs(b) + wireMs;
    }

    private boolean fitsAfterSkipping(int skipped, int n, int maxBatch, double nowMs) {
        return queue.get(skipped).deadlineMs - latency(Math.min(n - skipped, maxBatch)) >= nowMs;
    }

    private void publish(double nowMs) {
        if (bs == 0) {
            listener.candidate(model.id(), 0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, handled);
            return;
        }
        double dl = queue.peek().deadlineMs;
        double lb = latency(bs);
        double lNext = latency(bs + 1);
        double schedAt = dl - lNext;
        double invalidAfter = dl - lb;
        boolean canGrow = bs < model.maxBatch() && bs == queue.size();
        double execAt;
        if (rule == BatchingRule.WORK_CONSERVING || !canGrow) {
            execAt = nowMs;
        } else {
            // β is the device's fixed cost per batch; the wire is latency, not device time, so it is not amortized.
            double betaLocal = (bs + 1) * lb - bs * lNext - wireMs;
            boolean enough = bs >= betaLocal * rate.perMs(nowMs);
            execAt = enough ? nowMs : Math.max(nowMs, schedAt - waitMarginFactor * (lNext - wireMs));
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
     * <p>Measured (bench symphony-policies, 114 configurations; re-measured with the current pruning):
     * k = 0 leaves 93 at ≥ 0.95× work-conserving (down to 0.52×: DenseNet121, 8 models on 8 devices,
     * SLO 30 ms, where waiting lone requests missed their last α and were dropped), k = 1 102, k = 3
     * 108, k = 5 111 but DenseNet121 at SLO 30 then gains at most 1.23× instead of 1.31×: a larger margin
     * starts waiting candidates earlier, with smaller batches. A model alone on its devices gets no
     * margin: no one else can take a device it waits beside, and a margin there only shrinks its batches
     * (Table 4: 4671 instead of 5250 req/s for ResNet50).
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
