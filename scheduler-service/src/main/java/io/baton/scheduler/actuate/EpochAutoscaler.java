package io.baton.scheduler.actuate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import io.baton.core.symphony.autoscale.AutoscalingAdvisor;
import io.baton.core.symphony.autoscale.ScalingAdvice;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.metrics.ServingMetrics;

/**
 * Symphony's epoch autoscaling (§4.4) on the live cluster: every {@code autoscale.period}, from the live metrics of
 * the epoch just ended, scheduling-core's {@link AutoscalingAdvisor} advises each pool and {@link ScalingService}
 * applies the advice. Off unless {@code baton.scheduler.actuator.autoscale.enabled}.
 *
 * <p>The signals of one epoch, from {@link ServingMetrics#totals()} read at its start and end:
 * <ul>
 *   <li>bad rate r = requests that ended late, dropped or failed ÷ requests that ended, over every application (the
 *       scheduler serves them all from the same workers); 0 when none ended;</li>
 *   <li>per pool: N = its live workers (device kind = pool) at the end of the epoch, and idle fraction f = the mean
 *       over them of 1 − busy time ÷ the part of the epoch they were registered for.</li>
 * </ul>
 * Each pool gets the advice for its own N and f with the shared r, so in an overload the pools grow in proportion
 * (Σ N_k·r/(1−r) = N·r/(1−r)). The advice is relative to the live workers, but workers take a while to start and
 * register: a pool already asked for more than N + add is not shrunk by an add, nor grown by a release (target =
 * max(N + add, desired) when adding, min(N − release, desired) when releasing). The bounds and the cooldown of
 * {@link ScalingService} apply as to any scaling. Nothing it does throws: a failed epoch is logged and the next one
 * runs.
 */
public final class EpochAutoscaler implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(EpochAutoscaler.class);

    private final ScalingService scaling;
    private final WorkerRegistry registry;
    private final ServingMetrics metrics;
    private final AutoscalingAdvisor advisor;
    private final AutoscaleSettings settings;
    private final Clock clock;
    private ServingMetrics.Totals previous;
    private Instant previousAt;
    private volatile EpochReport last;
    /** Guards the timer apart from the epoch's own lock, so that stopping never waits for an epoch's API calls. */
    private final Object lifecycle = new Object();
    private ScheduledExecutorService timer;
    /** Whether this scheduler leads: a standby's epochs measure nothing and scale nothing. */
    private volatile java.util.function.BooleanSupplier leading = () -> true;

    public EpochAutoscaler(ScalingService scaling, WorkerRegistry registry, ServingMetrics metrics,
                           AutoscaleSettings settings, Clock clock) {
        this.scaling = scaling;
        this.registry = registry;
        this.metrics = metrics;
        this.advisor = settings.advisor();
        this.settings = settings;
        this.clock = clock;
        this.previous = metrics.totals();
        this.previousAt = clock.instant();
    }

    /** Only the leading scheduler scales: while {@code leading} says no, each epoch is skipped. */
    public void onlyWhile(java.util.function.BooleanSupplier leading) {
        this.leading = leading;
    }

    public boolean enabled() {
        return settings.enabled();
    }

    public Duration period() {
        return settings.period();
    }

    /** The last epoch's report, if one ran. */
    public Optional<EpochReport> last() {
        return Optional.ofNullable(last);
    }

    /** Ends the current epoch: measures it, advises every pool and applies the advice. */
    public synchronized EpochReport runEpoch() {
        Instant now = clock.instant();
        ServingMetrics.Totals totals = metrics.totals();
        double seconds = Math.max(0, Duration.between(previousAt, now).toNanos() / 1e9);
        long requests = totals.ended() - previous.ended();
        long bad = totals.bad() - previous.bad();
        double badRate = requests <= 0 ? 0 : Math.min(1, Math.max(0, (double) bad / requests));
        List<Worker> live = registry.live();
        List<EpochReport.PoolAdvice> pools = new ArrayList<>();
        for (String pool : scaling.actuator().pools()) {
            List<Worker> workers = live.stream().filter(w -> pool.equals(w.device().kind())).toList();
            double idle = idleFraction(workers, totals.busySecondsByWorker(), previous.busySecondsByWorker(), now, seconds);
            ScalingAdvice advice = advisor.advise(workers.size(), badRate, idle);
            ScalingAction action = advice.isHold() ? null : apply(pool, workers.size(), advice);
            pools.add(new EpochReport.PoolAdvice(pool, workers.size(), idle, advice.add(), advice.release(),
                    advice.reason(), action));
        }
        previous = totals;
        previousAt = now;
        EpochReport report = new EpochReport(now, seconds, requests, bad, badRate, pools);
        last = report;
        return report;
    }

    private ScalingAction apply(String pool, int workers, ScalingAdvice advice) {
        int target = workers + advice.delta();
        Optional<PoolReading> reading = scaling.read(pool);
        if (reading.isPresent()) {
            int desired = reading.get().baseline();
            target = advice.add() > 0 ? Math.max(target, desired) : Math.min(target, desired);
        }
        return scaling.apply(pool, target, "autoscale", "symphony autoscaling, N = " + workers + " live: "
                + advice.reason());
    }

    /**
     * Mean idle fraction of {@code workers} over the epoch: each worker's busy seconds in it (its running total now
     * less at the start, 0 there if it was not yet known) over the part of the epoch it was registered for.
     */
    static double idleFraction(List<Worker> workers, Map<String, Double> busyNow, Map<String, Double> busyBefore,
                               Instant now, double epochSeconds) {
        if (workers.isEmpty()) return 1.0;
        double sum = 0;
        for (Worker w : workers) {
            double registered = Math.max(0, Duration.between(w.registeredAt(), now).toNanos() / 1e9);
            double span = Math.min(epochSeconds, registered);
            double busy = busyNow.getOrDefault(w.workerId(), 0.0) - busyBefore.getOrDefault(w.workerId(), 0.0);
            sum += span <= 0 ? 0.0 : Math.max(0, Math.min(1, 1 - busy / span));
        }
        return sum / workers.size();
    }

    private void tick() {
        if (!leading.getAsBoolean()) {
            synchronized (this) {   // the first epoch led starts when leading does
                previous = metrics.totals();
                previousAt = clock.instant();
            }
            return;
        }
        try {
            EpochReport report = runEpoch();
            log.debug("autoscaling epoch: {}", report);
        } catch (RuntimeException e) {
            // A scheduled task that throws never runs again: log, and let the next epoch try.
            log.error("autoscaling epoch failed", e);
        }
    }

    @Override
    public void start() {
        if (!settings.enabled()) return;
        synchronized (lifecycle) {
            if (timer != null) return;
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "autoscaler");
                t.setDaemon(true);
                return t;
            });
            synchronized (this) {
                previous = metrics.totals();   // the first epoch starts now, not when the bean was built
                previousAt = clock.instant();
            }
            long period = settings.period().toMillis();
            timer.scheduleAtFixedRate(this::tick, period, period, TimeUnit.MILLISECONDS);
        }
        log.info("autoscaling every {} over pools {} ({} actuator)", settings.period(), scaling.actuator().pools(),
                scaling.actuator().kind());
    }

    @Override
    public void stop() {
        synchronized (lifecycle) {
            if (timer == null) return;
            timer.shutdownNow();
            timer = null;
        }
    }

    @Override
    public boolean isRunning() {
        synchronized (lifecycle) {
            return timer != null;
        }
    }
}
