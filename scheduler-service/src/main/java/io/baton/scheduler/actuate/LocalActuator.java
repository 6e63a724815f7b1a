package io.baton.scheduler.actuate;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.membership.WorkerRegistry;

/**
 * The default actuator, for a scheduler whose workers are not in Kubernetes. Per pool (device kind) it does one of
 * two things:
 * <ul>
 *   <li><b>with a launch command</b> ({@code baton.scheduler.actuator.local.commands.<pool>}): it runs that many
 *       worker processes itself ({@link WorkerProcesses}): a scale-up starts new ones, a scale-down stops the newest
 *       (SIGTERM, then SIGKILL after {@code stop-timeout}). Current = its processes still running. A process that
 *       exits on its own is not restarted by itself (a command that fails at once would restart for ever): the pool
 *       shows fewer current than desired, and the next scaling of the pool (the next epoch, an IPA plan, a
 *       {@code PUT}), even to the same count, starts a replacement.</li>
 *   <li><b>without one</b>: it records the desired count and reports it beside the live registered workers of that
 *       kind (current). Nothing is started or stopped: whoever runs the workers (bin/baton up, a person, another
 *       orchestrator) reads the desired count from {@code GET /v1/actuator/state} or the metric
 *       {@code baton_actuator_desired_replicas}.</li>
 * </ul>
 * Its pools are {@code cpu} and {@code gpu} (the device kinds workers register with) and every pool with a command.
 */
public final class LocalActuator implements Actuator, AutoCloseable {

    /** The device kinds of {@link io.baton.commons.membership.DeviceDescription#kind()}. */
    static final List<String> DEVICE_KINDS = List.of("cpu", "gpu");

    private final WorkerRegistry registry;
    private final WorkerProcesses processes;
    private final List<String> pools;
    private final Map<String, Integer> desired = new ConcurrentHashMap<>();

    public LocalActuator(WorkerRegistry registry, WorkerProcesses processes) {
        this.registry = registry;
        this.processes = processes;
        TreeSet<String> all = new TreeSet<>(DEVICE_KINDS);
        all.addAll(processes.pools());
        this.pools = List.copyOf(all);
    }

    @Override
    public String kind() {
        return ActuatorProperties.LOCAL;
    }

    @Override
    public List<String> pools() {
        return pools;
    }

    @Override
    public PoolReading read(String pool) {
        check(pool);
        if (processes.launches(pool)) {
            return new PoolReading(desired.get(pool), processes.running(pool), "processes: " + processes.command(pool),
                    false);
        }
        int live = (int) registry.live().stream().map(Worker::device).filter(d -> pool.equals(d.kind())).count();
        return new PoolReading(desired.get(pool), live, "recorded only (no launch command)", true);
    }

    @Override
    public void scale(String pool, int replicas, String reason) {
        check(pool);
        if (processes.launches(pool)) {
            processes.scaleTo(pool, replicas);
        }
        desired.put(pool, replicas);
    }

    private void check(String pool) {
        if (!pools.contains(pool)) {
            throw new ActuatorException("unknown pool '" + pool + "' (pools: " + String.join(", ", pools) + ")");
        }
    }

    /** Stops every worker process it started. */
    @Override
    public void close() {
        processes.close();
    }
}
