package io.baton.core.workload;

import java.util.List;

/**
 * The columns of a recorded trace: the scheduler's traffic recording writes one line per request that reached it,
 * in the replayable trace format ({@link TraceArrivals}: {@code timeMs,model,deadlineMs}) followed by what happened
 * to the request live, so that a replay can be compared with it.
 *
 * <ul>
 *   <li>{@code timeMs}: arrival at the scheduler, ms since the Unix epoch (a download re-bases it, see the scheduler
 *       README); {@code model}: the application; {@code deadlineMs}: its absolute deadline on the same clock;</li>
 *   <li>{@code rows}: the request's rows along axis 0 (1 for a variant that does not batch);</li>
 *   <li>{@code outcome}: {@code ontime} (served by its deadline), {@code late} (served after it), {@code dropped}
 *       (by the policy, {@code reason} naming the {@code DropReason}) or {@code failed} (no worker answered);</li>
 *   <li>{@code latencyMs}: arrival to answer at the scheduler (empty unless served); {@code batchSize}: requests in
 *       the batch it ran in (empty unless served); {@code worker}, {@code variant}: where and as what it ran;
 *       {@code policy}: the policy whose engine served it (its application's, or the fallback while unprofiled).</li>
 * </ul>
 */
public final class RecordedColumns {

    /** Every column, in order. */
    public static final List<String> NAMES = List.of("timeMs", "model", "deadlineMs", "rows", "outcome", "reason",
            "latencyMs", "batchSize", "worker", "variant", "policy");
    /** How many fields a recorded line has. */
    public static final int COUNT = 11;
    /** The header line a recording starts with. */
    public static final String HEADER = String.join(",", NAMES);

    private RecordedColumns() {
    }
}
