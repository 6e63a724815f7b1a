package io.baton.profiler.job;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

import io.baton.commons.problem.ProblemException;
import io.baton.profiler.registry.RegistryModel.Application;
import io.baton.profiler.registry.RegistryModel.Variant;

/**
 * Profiling on registration: every {@code interval} the registry's variants are read, and a job is started for one
 * that has no profile on this profiler's device kind and provider, so that a registered variant gets its profile
 * without anyone asking. One job at a time (the next waits until it finishes: measurements disturb each other).
 *
 * <p>A variant is skipped while its last automatic job failed, or while a job for it would be refused (a free
 * dimension no spec sizes, say; logged once), until its version changes: registering it again the same way would
 * fail the same way. A job someone started by hand that covers the variant counts as its job. A job that failed
 * because the registry was unavailable ({@link ProfilingJob#dependencyFailed}) is not the variant's fault: the
 * variant is tried again on a later pass, which finds the registry answering again (a pass that cannot read the
 * registry starts nothing). After the profiler restarts, the first pass finds every variant still unprofiled.
 */
public final class AutoProfiler implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(AutoProfiler.class);

    private final ProfilingJobs jobs;
    private final String deviceKind;
    private final String provider;
    private final ScheduledExecutorService timer;
    /** variant key → the version whose automatic job failed or would be refused. */
    private final Map<String, Long> skipped = new HashMap<>();
    private ProfilingJob current;
    private String currentKey;
    private long currentVersion;

    public AutoProfiler(ProfilingJobs jobs, String provider, String deviceKind, Duration interval) {
        this.jobs = jobs;
        this.provider = provider;
        this.deviceKind = deviceKind;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "profiler-auto");
            t.setDaemon(true);
            return t;
        });
        long ms = Math.max(1, interval.toMillis());
        timer.scheduleWithFixedDelay(this::tickQuietly, ms, ms, TimeUnit.MILLISECONDS);
    }

    private void tickQuietly() {
        try {
            tick();
        } catch (RuntimeException e) {
            // the registry down or restarting: the next tick tries again
            log.debug("auto-profile: {}", e.getMessage());
        }
    }

    /** One pass: note how the last job ended, then start one for the first variant that needs it. */
    synchronized void tick() {
        if (current != null) {
            if (!current.state().finished()) return;
            if (current.state() == JobState.FAILED && current.dependencyFailed()) {
                log.warn("auto-profile: {} failed ({}); tried again once the registry answers", currentKey,
                        current.error());
            } else if (current.state() == JobState.FAILED) {
                skipped.put(currentKey, currentVersion);
                log.warn("auto-profile: {} failed ({}); not retried until the variant changes", currentKey, current.error());
            }
            current = null;
        }
        for (String name : jobs.registry().applicationNames()) {
            Application app = jobs.registry().application(name);
            for (Variant v : app.variants()) {
                String key = app.name() + "/" + v.name();
                if (v.profiledOn(deviceKind, provider)) continue;
                Long skippedVersion = skipped.get(key);
                if (skippedVersion != null && skippedVersion == v.version()) continue;
                try {
                    current = jobs.submit(new JobRequest(app.name(), v.name(), provider, deviceKind, null, null, null,
                            null, null));
                } catch (ProblemException e) {
                    if (!e.status().is4xxClientError()) throw e; // the registry unreachable: not the variant's fault
                    skipped.put(key, v.version());
                    log.warn("auto-profile: {} is not profiled: {}", key, e.getMessage());
                    continue;
                }
                currentKey = key;
                currentVersion = v.version();
                log.info("auto-profile: profiling {} on {}/{} (job {})", key, deviceKind, provider, current.id());
                return;
            }
        }
    }

    @Override
    public void destroy() {
        timer.shutdownNow();
    }
}
