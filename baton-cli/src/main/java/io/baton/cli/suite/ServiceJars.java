package io.baton.cli.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Where each service's runnable jar is: {@code ROOT/<module>/target/<module>-<version>.jar} (the repackaged one). */
public record ServiceJars(Map<Service, Path> jars) {

    public ServiceJars {
        jars = Map.copyOf(jars);
    }

    public Path of(Service s) {
        return jars.get(s);
    }

    /** The jars under {@code root}; a {@link SuiteException} naming every missing one and how to build it. */
    public static ServiceJars in(Path root) {
        Map<Service, Path> found = new EnumMap<>(Service.class);
        List<String> missing = new ArrayList<>();
        for (Service s : Service.values()) {
            Path jar = find(root.resolve(s.module()).resolve("target"), s.module());
            if (jar == null) missing.add(s.module());
            else found.put(s, jar);
        }
        if (!missing.isEmpty()) {
            throw new SuiteException("no jar for " + String.join(", ", missing) + " under " + root
                    + " (build them: mvn -q -B -DskipTests package, or run bin/baton up)");
        }
        return new ServiceJars(found);
    }

    private static Path find(Path target, String module) {
        if (!Files.isDirectory(target)) return null;
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith(module + "-") && n.endsWith(".jar") && !n.endsWith("-plain.jar")
                        && !n.endsWith("-sources.jar") && !n.endsWith("-javadoc.jar");
            }).sorted().findFirst().orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
