package io.baton.e2e.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.yaml.snakeyaml.Yaml;

/**
 * What one service module says about itself: the settings of its {@code application*.yml} (flattened to property
 * names), the environment variables those files read ({@code ${BATON_DB_URL:...}}), the properties its
 * {@code @ConfigurationProperties} records bind, and the Prometheus series its meters produce.
 */
record ServiceModule(String name, Map<String, Object> settings, Set<String> placeholders, Set<String> recordProperties,
                     Set<String> series) {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::[^}]*)?}");

    static ServiceModule read(Path root, String module) {
        Path resources = root.resolve(module).resolve("src/main/resources");
        Map<String, Object> settings = new LinkedHashMap<>();
        Set<String> placeholders = new TreeSet<>();
        for (Path yml : list(resources, 1, p -> p.getFileName().toString().matches("application(-[\\w-]+)?\\.ya?ml"))) {
            String text = read(yml);
            Matcher m = PLACEHOLDER.matcher(text);
            while (m.find()) {
                placeholders.add(m.group(1));
            }
            for (Object doc : new Yaml().loadAll(text)) {
                if (doc != null) {
                    // a profile's file may only add keys: the values the service runs with by default are application.yml's
                    flatten("", doc, settings, !yml.getFileName().toString().startsWith("application."));
                }
            }
        }
        List<String> sources = list(root.resolve(module).resolve("src/main/java"), Integer.MAX_VALUE,
                p -> p.toString().endsWith(".java")).stream().map(ServiceModule::read).toList();
        Set<String> records = PropertiesRecords.propertyNames(sources);
        Set<String> series = PrometheusSeries.of(sources, meter -> Boolean.TRUE.equals(
                settings.get("management.metrics.distribution.percentiles-histogram." + meter)));
        return new ServiceModule(module, settings, placeholders, records, series);
    }

    /** {@code server.port} of application.yml: the port the service listens on unless told otherwise. */
    int serverPort() {
        Object port = settings.get("server.port");
        if (port == null) {
            throw new AssertionError(name + ": application.yml sets no server.port");
        }
        return Integer.parseInt(String.valueOf(port));
    }

    /** The gRPC ports application.yml sets (the gateway's {@code baton.gateway.grpc.port}): clients reach them too. */
    Set<Integer> grpcPorts() {
        return settings.entrySet().stream().filter(e -> e.getKey().endsWith(".grpc.port"))
                .map(e -> Integer.parseInt(String.valueOf(e.getValue()))).collect(java.util.stream.Collectors.toSet());
    }

    /**
     * The port its {@code /actuator/prometheus} is scraped on: a management port of its own where application.yml
     * sets one (the gateway's {@code baton.gateway.edge.management-port}: its public port serves no metrics), else
     * {@code server.port}.
     */
    int metricsPort() {
        return settings.entrySet().stream().filter(e -> e.getKey().endsWith(".edge.management-port"))
                .map(e -> Integer.parseInt(String.valueOf(e.getValue()))).findFirst().orElseGet(this::serverPort);
    }

    /** Every property name this service reads: its records' components and the keys of its application.yml. */
    Set<String> propertyNames() {
        Set<String> all = new TreeSet<>(recordProperties);
        all.addAll(settings.keySet());
        return all;
    }

    boolean probesEnabled() {
        return Boolean.TRUE.equals(settings.get("management.endpoint.health.probes.enabled"));
    }

    /** Whether {@code management.endpoints.web.exposure.include} names the endpoint (or {@code *}). */
    boolean exposes(String endpoint) {
        Object include = settings.get("management.endpoints.web.exposure.include");
        if (include == null) {
            return endpoint.equals("health");
        }
        List<String> ids = include instanceof List<?> l ? l.stream().map(String::valueOf).toList()
                : List.of(String.valueOf(include).split("\\s*,\\s*"));
        return ids.contains(endpoint) || ids.contains("*");
    }

    private static void flatten(String prefix, Object value, Map<String, Object> out, boolean keepExisting) {
        if (value instanceof Map<?, ?> m && !m.isEmpty()) {
            m.forEach((k, v) -> flatten(prefix.isEmpty() ? String.valueOf(k) : prefix + "." + k, v, out, keepExisting));
        } else if (!keepExisting || !out.containsKey(prefix)) {
            out.put(prefix, value);
        }
    }

    private static List<Path> list(Path dir, int depth, java.util.function.Predicate<Path> keep) {
        if (!Files.isDirectory(dir)) {
            throw new AssertionError("no folder " + dir);
        }
        try (Stream<Path> files = Files.walk(dir, depth)) {
            return new ArrayList<>(files.filter(Files::isRegularFile).filter(keep).sorted().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
