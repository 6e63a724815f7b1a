package io.baton.registry.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import io.baton.registry.RegistryProperties;

/** The hot-read cache never keeps a view loaded across an invalidation, and serves repeats from memory. */
class ApplicationViewCacheTest {

    static ApplicationView view(double sloMs) {
        return new ApplicationView("a", "single", "symphony", null, sloMs, List.of(), List.of(), List.of(), null,
                List.of(), null, null, 0);
    }

    static ApplicationViewCache cache(boolean enabled) {
        return new ApplicationViewCache(new Binder(new MapConfigurationPropertySource(
                Map.of("baton.registry.hot-read-cache", enabled))).bindOrCreate("baton.registry", RegistryProperties.class));
    }

    @Test
    void repeatsComeFromMemoryUntilAWriteCommits() {
        ApplicationViewCache cache = cache(true);
        AtomicInteger loads = new AtomicInteger();
        assertThat(cache.get("a", n -> view(loads.incrementAndGet())).sloMs()).isEqualTo(1);
        assertThat(cache.get("a", n -> view(loads.incrementAndGet())).sloMs()).isEqualTo(1);
        cache.invalidateAfterCommit(); // no transaction here: at once
        assertThat(cache.get("a", n -> view(loads.incrementAndGet())).sloMs()).isEqualTo(2);
    }

    @Test
    void aViewLoadedAcrossAnInvalidationIsNotInstalled() {
        ApplicationViewCache cache = cache(true);
        // a writer commits while this reader is reading: what it read may be old, so it must not stay cached
        ApplicationView raced = cache.get("a", n -> {
            cache.invalidateAfterCommit();
            return view(1);
        });
        assertThat(raced.sloMs()).isEqualTo(1);
        assertThat(cache.get("a", n -> view(2)).sloMs()).isEqualTo(2);
        assertThat(cache.get("a", n -> view(3)).sloMs()).isEqualTo(2);
    }

    @Test
    void disabledLoadsEveryTime() {
        ApplicationViewCache cache = cache(false);
        AtomicInteger loads = new AtomicInteger();
        cache.get("a", n -> view(loads.incrementAndGet()));
        assertThat(cache.get("a", n -> view(loads.incrementAndGet())).sloMs()).isEqualTo(2);
    }
}
