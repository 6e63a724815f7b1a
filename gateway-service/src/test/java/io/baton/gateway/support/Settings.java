package io.baton.gateway.support;

import java.util.Map;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** A settings record as Spring binds it (its defaults, and the given properties over them), for tests without Spring. */
public final class Settings {

    private Settings() {
    }

    /** {@code type} bound under {@code prefix} from {@code properties} (names relative to the prefix). */
    public static <T> T bind(String prefix, Class<T> type, Map<String, ?> properties) {
        MapConfigurationPropertySource source = new MapConfigurationPropertySource();
        properties.forEach((name, value) -> source.put(prefix + "." + name, value));
        return new Binder(source).bindOrCreate(prefix, type);
    }
}
