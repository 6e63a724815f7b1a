package io.baton.scheduler.actuate;

/**
 * What one pool has, as its actuator sees it.
 *
 * @param desired      the replica count last set (a Deployment's {@code spec.replicas}; the local actuator's recorded
 *                     target); null when none was ever set
 * @param current      the replicas there are (a Deployment's ready replicas; running launched processes; live
 *                     registered workers of the pool's kind)
 * @param target       what is scaled, in words ({@code deployment baton/worker-cpu}, {@code processes: <command>},
 *                     {@code recorded only})
 * @param desiredHolds whether the desired count holds without another scaling: a Deployment's controller replaces
 *                     lost pods, and a recorded count is only a record. False for processes the local actuator
 *                     launched: one that died is replaced only by scaling again, so a new target is compared with
 *                     what runs
 */
public record PoolReading(Integer desired, int current, String target, boolean desiredHolds) {

    /** The count a new target is compared with (equal: nothing to do). */
    public int baseline() {
        return desiredHolds && desired != null ? desired : current;
    }
}
