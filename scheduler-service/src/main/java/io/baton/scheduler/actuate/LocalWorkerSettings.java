package io.baton.scheduler.actuate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The local actuator ({@code baton.scheduler.actuator.local.*}): how it launches and stops worker processes.
 *
 * @param commands    pool → command that starts one worker of it (split at white space, no shell; placeholders
 *                    {@code {java}}, {@code {pool}}, {@code {index}}, {@code {port}}); a pool without a command
 *                    is recorded only
 * @param logDir      where each launched worker's output goes, as {@code <pool>-<index>.log} (none:
 *                    {@code <java.io.tmpdir>/baton-workers})
 * @param stopTimeout a worker asked to stop (SIGTERM) is killed after this long
 */
public record LocalWorkerSettings(
        @DefaultValue Map<String, String> commands,
        Path logDir,
        @DefaultValue("10s") @DurationMin(nanos = 0) Duration stopTimeout) {

    public LocalWorkerSettings {
        commands = Map.copyOf(commands);
        logDir = logDir == null ? Path.of(System.getProperty("java.io.tmpdir"), "baton-workers") : logDir;
    }
}
