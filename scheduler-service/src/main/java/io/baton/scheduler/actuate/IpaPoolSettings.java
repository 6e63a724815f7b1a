package io.baton.scheduler.actuate;

import java.util.Map;

import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where {@code POST /v1/plans/ipa/apply} puts each pipeline stage's replicas ({@code baton.scheduler.actuator.ipa.*}):
 * every replica of a stage is one worker of the stage's pool, so a pool is scaled to the sum of its stages' replicas.
 *
 * @param defaultPool the pool of a stage not named in {@code stagePools} (IPA sizes replicas in CPU cores)
 * @param stagePools  stage name → pool
 */
public record IpaPoolSettings(@DefaultValue("cpu") String defaultPool, @DefaultValue Map<String, String> stagePools) {

    public IpaPoolSettings {
        defaultPool = defaultPool.strip();
        stagePools = Map.copyOf(stagePools);
    }

    public String poolOf(String stage) {
        return stagePools.getOrDefault(stage, defaultPool);
    }
}
