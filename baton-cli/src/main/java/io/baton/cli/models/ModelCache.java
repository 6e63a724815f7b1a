package io.baton.cli.models;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where fetched models are kept: the system property {@value #PROPERTY}, else the environment variable
 * {@value #ENV}, else {@code $XDG_CACHE_HOME/baton/models}, else {@code ~/.cache/baton/models}. Each model lies
 * under {@code <package>/<version>/<file>} (a scoped package's {@code @scope/name} as {@code scope+name}).
 */
public final class ModelCache {
    public static final String PROPERTY = "baton.model-cache", ENV = "BATON_MODEL_CACHE";

    private ModelCache() {}

    public static Path directory(Map<String, String> env) {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) return Path.of(property).toAbsolutePath().normalize();
        String fromEnv = env.get(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) return Path.of(fromEnv).toAbsolutePath().normalize();
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("baton").resolve("models").toAbsolutePath().normalize();
    }

    /** The default directory for this process ({@link System#getenv()}). */
    public static Path directory() {
        return directory(System.getenv());
    }

    /** Where {@code model}'s file is kept under {@code cache}. */
    public static Path fileOf(Path cache, PublishedModel model) {
        String pkg = model.pkg().startsWith("@") ? model.pkg().substring(1).replace('/', '+') : model.pkg();
        return cache.resolve(pkg).resolve(model.version()).resolve(model.fileName());
    }
}
