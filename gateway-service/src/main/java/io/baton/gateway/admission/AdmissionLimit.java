package io.baton.gateway.admission;

/**
 * How many of one application's inference requests the gateway lets in at once: a limit that adapts to whether the
 * suite still answers them (additive-style increase, multiplicative decrease, judged per window).
 *
 * <p>Why a limit at all. Past its capacity the suite is a processor-sharing system: every request in flight takes
 * CPU in the gateway, the scheduler and a worker, so each one's latency grows with the number in flight. Without a
 * limit the excess does not go away; it waits in front of the gateway's code (Tomcat's queue, where no deadline is
 * seen) and is then served late, so that at 1.2× capacity nearly every answer missed its SLO (goodput near zero
 * while throughput stayed at capacity). Refusing the excess at once, before its body is read, costs only the
 * gateway's share of an answer (the scheduler and the workers never see it), so the requests let in keep their
 * deadlines.
 *
 * <p>The rule, per window (the application's SLO, at least 50 ms and at most 2 s, and at least
 * {@value #MIN_ANSWERS} answers):
 * <ul>
 *   <li>more than {@code targetMissRate} of the window's answers were misses (dropped by the policy or for the
 *       deadline, or timed out): the limit falls to a tenth under the most requests that were in flight at once in
 *       the window ({@value #DECREASE} × the lesser of that peak and the limit), but not under {@code floor};</li>
 *   <li>otherwise, in a window in which the limit was reached (a refusal, or as many in flight as the limit), it
 *       rises by {@value #INCREASE} of itself (at least 1), up to {@code ceiling}. A limit that is not reached is not
 *       raised: it would only let a later burst in unchecked.</li>
 * </ul>
 * Past capacity the requests in flight pile up to the limit, so it falls by a tenth per window (from 224 to 130 in
 * about six windows) until the misses stop. Misses with fewer clients than the limit lower it too, from the
 * concurrency that missed: 64 closed-loop clients never reach a limit of 224, so a rule that judged only windows at
 * the limit let all 64 in for good while the scheduler dropped nearly every one of them for its deadline (seen live:
 * about 10 answers a second, hundreds of refusals). A model that misses with few requests in flight (slow, or cold)
 * takes its limit down to the floor at worst, which still lets as many in as it can answer.
 *
 * <p>An answer served after its deadline is not a miss here ({@link Outcome#NEUTRAL}): the gateway answers 504 at
 * the deadline plus its margin, so such an answer is a near miss, which a policy that batches just in time
 * ({@code symphony} holds a batch until just before its deadline) makes at any load. Counted, near misses lowered the
 * limit below what symphony needs to fill its batches, which made more near misses: the limit sank to its floor and
 * stayed there (seen live). Bad input and failures count neither way either.
 *
 * <p>Thread-safe; the clock is passed in, so that tests can drive it.
 */
public final class AdmissionLimit {

    /** How an admitted request ended, as far as load is concerned. */
    public enum Outcome {
        /** Served within its deadline. */
        IN_TIME,
        /** Not answered: dropped by the policy or for its deadline, or timed out. */
        MISSED,
        /** Says nothing about load: served a little late, bad input, a failure, a refusal elsewhere. */
        NEUTRAL;

        /**
         * A request served after {@code totalMs} against a deadline of {@code budgetMs}: in time, or a near miss
         * (neutral; see the class comment). Counting answers served more than a tenth of their deadline late as
         * misses was tried live and did worse for symphony: 90–180 answers/s in time at 1,500–1,800/s offered,
         * against 980–1,710 with near misses neutral (`bench live`, same suite; the variant ran in a fresher JVM, so
         * the gap is indicative only).
         */
        public static Outcome served(double totalMs, double budgetMs) {
            return totalMs <= budgetMs ? IN_TIME : NEUTRAL;
        }
    }

    static final int MIN_ANSWERS = 20;
    static final double DECREASE = 0.9;
    static final double INCREASE = 0.1;
    static final long MIN_WINDOW_NANOS = 50_000_000L;
    static final long MAX_WINDOW_NANOS = 2_000_000_000L;

    private final int floor;
    private final int ceiling;
    private final double targetMissRate;

    private double limit;
    private long windowNanos;
    private int inFlight;
    /** The most requests in flight at once in this window. */
    private int peak;
    private int answered;
    private int missed;
    private boolean reached;
    private long windowStart;

    /**
     * @param floor         the limit never falls below this
     * @param ceiling       nor rises above this; it starts here
     * @param targetMissRate the share of misses in a window above which the limit falls
     * @param sloMs         the application's SLO, which sets the window
     * @param nowNanos      the clock's reading now
     */
    public AdmissionLimit(int floor, int ceiling, double targetMissRate, double sloMs, long nowNanos) {
        if (floor < 1 || ceiling < floor) {
            throw new IllegalArgumentException("need 1 ≤ floor ≤ ceiling, got " + floor + " and " + ceiling);
        }
        if (!(targetMissRate >= 0 && targetMissRate < 1)) {
            throw new IllegalArgumentException("the target miss rate must lie in [0, 1), got " + targetMissRate);
        }
        this.floor = floor;
        this.ceiling = ceiling;
        this.targetMissRate = targetMissRate;
        this.limit = ceiling;
        this.windowStart = nowNanos;
        slo(sloMs);
    }

    /** The application's SLO changed (the registry's definition was updated): the next windows follow it. */
    public synchronized void slo(double sloMs) {
        long nanos = Double.isFinite(sloMs) && sloMs > 0 ? (long) (sloMs * 1e6) : MAX_WINDOW_NANOS;
        this.windowNanos = Math.max(MIN_WINDOW_NANOS, Math.min(MAX_WINDOW_NANOS, nanos));
    }

    /** Lets one request in, unless as many as the limit are in flight already. */
    public synchronized boolean tryAcquire() {
        if (inFlight >= limit()) {
            reached = true;
            return false;
        }
        inFlight++;
        peak = Math.max(peak, inFlight);
        if (inFlight >= limit()) {
            reached = true;
        }
        return true;
    }

    /** An admitted request has been answered. */
    public synchronized void release(Outcome outcome, long nowNanos) {
        if (inFlight > 0) {
            inFlight--;
        }
        if (outcome != Outcome.NEUTRAL) {
            answered++;
            if (outcome == Outcome.MISSED) {
                missed++;
            }
        }
        if (answered >= MIN_ANSWERS && nowNanos - windowStart >= windowNanos) {
            adjust();
            windowStart = nowNanos;
            answered = 0;
            missed = 0;
            reached = inFlight >= limit();
            peak = inFlight;
        }
    }

    private void adjust() {
        if (missed > targetMissRate * answered) {
            limit = Math.max(floor, DECREASE * Math.min(limit, Math.max(peak, 1)));
        } else if (reached) {
            limit = Math.min(ceiling, limit + Math.max(1, INCREASE * limit));
        }
    }

    /** Requests let in at once now. */
    public synchronized int limit() {
        return (int) limit;
    }

    public synchronized int inFlight() {
        return inFlight;
    }
}
