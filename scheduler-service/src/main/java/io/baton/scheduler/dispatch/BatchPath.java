package io.baton.scheduler.dispatch;

/**
 * Where a served batch's time went outside its queue, as the scheduler measured it: what the live path costs beyond
 * the device's ℓ(b), which a simulation of the same traffic must be told (the traffic recording writes it), and what
 * ℓ(b) itself was under load.
 *
 * @param roundTripMs       sent to the worker until its answer was back on the engine's thread
 * @param workerMs          the worker's own time on the batch (receipt to answer) less any model load and its wait
 *                          for the device behind other batches; NaN when the worker did not report it
 * @param executionMs       ONNX Runtime's run of the batch on the worker; NaN when not reported
 * @param plannedOverheadMs the dispatch overhead the engine's policy planned the batch's variant with when it finished
 * @param cold              the batch made its model resident, so it ran on a cold session (its run is no sample of
 *                          a warm one)
 * @param handoffMs         from its requests' receipt until the engine's thread told the policy of them, averaged
 *                          over the batch (the queueing before the policy, which a simulated policy does not have);
 *                          NaN when not known
 * @param formedOverheadMs  the dispatch overhead the policy that formed the batch planned its variant with (the
 *                          estimate when the batch was sent: {@code plannedOverheadMs} can already be the next plan's,
 *                          since the batch's own answer may move the estimate); NaN when not known
 */
public record BatchPath(double roundTripMs, double workerMs, double executionMs, double plannedOverheadMs,
                        boolean cold, double handoffMs, double formedOverheadMs) {

    /** A batch whose policy planned with the overhead it finished under (no re-plan while it ran). */
    public BatchPath(double roundTripMs, double workerMs, double executionMs, double plannedOverheadMs, boolean cold,
                     double handoffMs) {
        this(roundTripMs, workerMs, executionMs, plannedOverheadMs, cold, handoffMs, plannedOverheadMs);
    }

    /** A batch that ran on a warm session, its hand-off not known. */
    public BatchPath(double roundTripMs, double workerMs, double executionMs, double plannedOverheadMs) {
        this(roundTripMs, workerMs, executionMs, plannedOverheadMs, false, Double.NaN);
    }
}
