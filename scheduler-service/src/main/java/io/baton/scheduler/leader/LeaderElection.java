package io.baton.scheduler.leader;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Whether this scheduler leads. With election {@code none} it always does (one scheduler). With {@code registry} it
 * leads while it holds the registry's lease: every {@code renew-interval} it asks for the lease for
 * {@code lease-ttl} (a renewal when it holds it, an attempt when it does not), and
 * <ul>
 *   <li>an answer granting it: it leads (the standby takes over this way once the leader's lease has lapsed, at
 *       most {@code lease-ttl} plus one interval after the leader was lost, or at once after a release);</li>
 *   <li>an answer naming another holder (409): it steps down at once, and remembers the leader's URL for its
 *       refusals;</li>
 *   <li>no answer (the registry down or unreachable): nothing changes. A leader keeps leading, because while the
 *       registry is down nobody else can acquire the lease either, and serving on beats a suite that stops whenever the
 *       registry blinks. The price: a leader cut off from the registry alone keeps serving after its lease has lapsed
 *       and the standby has taken it, two leaders until its next answered renewal (the 409 steps it down). Both
 *       would dispatch correctly (workers run whatever batch they are sent); what doubles is scaling, which acts on
 *       absolute replica counts and so settles on the later of two equal plans.</li>
 * </ul>
 * On a clean stop the leader releases the lease, so the standby takes over within one interval. This component
 * stops before the web server's graceful shutdown (a higher phase stops first): requests arriving after the release
 * are refused with {@code not-leader} and the gateway sends them to the new leader, while those in flight finish.
 */
public final class LeaderElection implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(LeaderElection.class);

    private final LeaderProperties settings;
    private final LeaseClient leases;
    private final String self;
    private final String selfUrl;
    private final Clock clock;
    private final List<Consumer<LeaderState>> listeners = new CopyOnWriteArrayList<>();
    private final Object lifecycle = new Object();
    private volatile LeaderState state;
    private ScheduledExecutorService loop;

    LeaderElection(LeaderProperties settings, LeaseClient leases, String self, String selfUrl, Clock clock) {
        this.settings = settings;
        this.leases = leases;
        this.self = self;
        this.selfUrl = selfUrl;
        this.clock = clock;
        boolean alone = !settings.elected();
        this.state = new LeaderState(settings.election(), self, selfUrl, alone, alone ? self : null,
                alone ? selfUrl : null, 0, clock.instant(), true);
    }

    /** Whether this scheduler serves now. */
    public boolean leading() {
        return state.leading();
    }

    public LeaderState state() {
        return state;
    }

    /** Told of every change of leadership (leading, or the leader named), on the election's thread. */
    public void listen(Consumer<LeaderState> listener) {
        listeners.add(listener);
    }

    /** One round: renew or try the lease, and act on the answer. Runs on the election's thread (tests call it). */
    void renew() {
        if (!settings.elected()) return;
        LeaderState before = state;
        LeaderState after;
        try {
            LeaseClient.Answer answer = leases.acquire(settings.leaseName(), self, selfUrl, settings.leaseTtl());
            boolean leads = answer.held() && self.equals(answer.holder());
            after = new LeaderState(before.election(), self, selfUrl, leads, answer.holder(), answer.holderUrl(),
                    answer.epoch(), leads == before.leading() ? before.since() : clock.instant(), true);
        } catch (LeaseClient.Unreachable e) {
            if (before.registryReachable()) {
                log.warn("leader election: no answer from the registry ({}); {}", e.getMessage(), before.leading()
                        ? "still leading until it answers otherwise" : "still the standby");
            }
            after = new LeaderState(before.election(), self, selfUrl, before.leading(), before.leader(),
                    before.leaderUrl(), before.epoch(), before.since(), false);
        }
        change(before, after);
    }

    private void change(LeaderState before, LeaderState after) {
        state = after;
        if (after.leading() != before.leading() || !java.util.Objects.equals(after.leader(), before.leader())) {
            if (after.leading()) {
                log.info("leader election: this scheduler ({}) leads, lease {} epoch {}", selfUrl, settings.leaseName(),
                        after.epoch());
            } else {
                log.info("leader election: standby; the leader is {} at {} (epoch {})", after.leader(),
                        after.leaderUrl(), after.epoch());
            }
            for (Consumer<LeaderState> l : listeners) {
                try {
                    l.accept(after);
                } catch (RuntimeException e) {
                    log.warn("leader election: a listener failed", e);
                }
            }
        } else if (after.registryReachable() && !before.registryReachable()) {
            log.info("leader election: the registry answers again ({})", after.leading() ? "leading" : "standby");
        }
    }

    /** Gives the lease up (a clean stop): the standby may take it at its next try instead of after the ttl. */
    void release() {
        LeaderState before = state;
        if (!settings.elected() || !before.leading()) return;
        change(before, new LeaderState(before.election(), self, selfUrl, false, null, null, before.epoch(),
                clock.instant(), before.registryReachable()));
        try {
            leases.release(settings.leaseName(), self);
            log.info("leader election: lease {} released", settings.leaseName());
        } catch (RuntimeException e) {
            log.warn("leader election: releasing lease {} failed ({}); the standby takes over once it lapses",
                    settings.leaseName(), e.getMessage());
        }
    }

    @Override
    public void start() {
        if (!settings.elected()) return;
        synchronized (lifecycle) {
            if (loop != null) return;
            loop = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "leader-election");
                t.setDaemon(true);
                return t;
            });
            loop.scheduleWithFixedDelay(() -> {
                try {
                    renew();
                } catch (RuntimeException e) {
                    // a scheduled task that throws never runs again
                    log.error("leader election: renewal failed", e);
                }
            }, 0, settings.renewInterval().toMillis(), TimeUnit.MILLISECONDS);
        }
        log.info("leader election through the registry's lease {} as {} ({}), renewing every {}, ttl {}",
                settings.leaseName(), self, selfUrl, settings.renewInterval(), settings.leaseTtl());
    }

    @Override
    public void stop() {
        ScheduledExecutorService l;
        synchronized (lifecycle) {
            l = loop;
            loop = null;
        }
        if (l == null) return;
        l.shutdownNow();
        try {
            l.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        release();
    }

    @Override
    public boolean isRunning() {
        synchronized (lifecycle) {
            return loop != null;
        }
    }

    /** Stopped before the web server's graceful shutdown, so the lease is released while requests drain. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE;
    }
}
