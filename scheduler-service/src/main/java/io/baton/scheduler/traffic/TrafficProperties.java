package io.baton.scheduler.traffic;

import java.nio.file.Path;
import java.time.Duration;

import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * The traffic recording's settings, bound from {@code baton.scheduler.traffic.*}.
 *
 * @param enabled          false: nothing is recorded and the download answers 404
 * @param directory        where the files go (kept when the scheduler stops); empty: a private temporary directory
 *                         ({@code <java.io.tmpdir>/baton-traffic-*}), deleted when the scheduler stops
 * @param maxFileSize      a file is closed, and the next begun, once it holds this much
 * @param maxFiles         files kept; when one more is begun the oldest is deleted (so at most
 *                         {@code maxFiles × maxFileSize} on disk, and in one download)
 * @param queueCapacity    requests waiting for the writer; past it a request is not recorded, and counted
 * @param overheadInterval how often the live path's measured costs are written ({@code # overhead} lines)
 * @param maxHold          the longest a finished request waits for those that arrived before it, so that lines go
 *                         out in arrival order (a request is held at most its deadline plus twice the worker-call
 *                         grace, and never longer than this)
 */
@Validated
@ConfigurationProperties(prefix = "baton.scheduler.traffic")
public record TrafficProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("") String directory,
        @DefaultValue("16MB") DataSize maxFileSize,
        @DefaultValue("8") @Min(1) int maxFiles,
        @DefaultValue("65536") @Min(1) int queueCapacity,
        @DefaultValue("5s") @DurationMin(nanos = 0, inclusive = false) Duration overheadInterval,
        @DefaultValue("60s") @DurationMin(nanos = 0, inclusive = false) Duration maxHold) {

    public TrafficProperties {
        if (maxFileSize.toBytes() < 4096) {
            throw new IllegalArgumentException("baton.scheduler.traffic.max-file-size must be at least 4KB, got " + maxFileSize);
        }
    }

    /** The directory the files go in; null: a temporary one. */
    public Path directoryPath() {
        return directory.isBlank() ? null : Path.of(directory);
    }
}
