package io.baton.e2e.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * What one service module accepts as configuration, read from its own sources so that the manifests are checked
 * against the code rather than against a copy: the environment variables Spring binds to its
 * {@code @ConfigurationProperties} record (the record components, nested records included, whether declared in the
 * record's file or beside it in its package, in Spring's canonical environment form: {@code baton.worker.scheduler-url}
 * is {@code BATON_WORKER_SCHEDULERURL}), the {@code ${NAME:…}} placeholders its application*.yml read, its
 * {@code server.port} and whether its actuator serves the probes.
 */
record ServiceConfiguration(String module, int serverPort, boolean probesServed, Set<String> exactEnvNames,
                            List<Pattern> envNamePatterns, Set<Integer> grpcPorts) {

    /**
     * The ports clients reach: {@code server.port}, and a gRPC port application.yml sets ({@code baton.gateway.grpc.port},
     * {@code baton.scheduler.grpc.port}).
     */
    Set<Integer> clientPorts() {
        Set<Integer> ports = new HashSet<>(grpcPorts);
        ports.add(serverPort);
        return ports;
    }

    private static final Pattern PREFIX = Pattern.compile("@ConfigurationProperties\\(\\s*(?:prefix\\s*=\\s*)?\"([^\"]+)\"");
    private static final Pattern RECORD = Pattern.compile("\\brecord\\s+(\\w+)\\s*\\(");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)[:}]");
    private static final Set<String> COLLECTIONS = Set.of("List", "Set", "Collection");

    /** Whether Spring would bind this environment variable to something this service reads. */
    boolean accepts(String envName) {
        return exactEnvNames.contains(envName) || envNamePatterns.stream().anyMatch(p -> p.matcher(envName).matches());
    }

    static ServiceConfiguration read(Path root, String module) {
        Path dir = root.resolve(module);
        Path resources = dir.resolve("src/main/resources");
        Map<String, Object> applicationYml = yaml(resources.resolve("application.yml"));
        Set<String> exact = new HashSet<>();
        List<Pattern> patterns = new ArrayList<>();
        for (Path yml : files(resources, "application", ".yml")) {
            Matcher m = PLACEHOLDER.matcher(read(yml));
            while (m.find()) {
                exact.add(m.group(1));
            }
        }
        List<Path> sources = files(dir.resolve("src/main/java"), "", ".java");
        Map<Path, Map<String, List<String[]>>> packages = new HashMap<>();
        for (Path java : sources) {
            packages.computeIfAbsent(java.getParent(), p -> new LinkedHashMap<>()).putAll(records(read(java)));
        }
        for (Path java : sources) {
            String source = read(java);
            Matcher prefix = PREFIX.matcher(source);
            if (prefix.find()) {
                // A component's type is a record of the same file or, as Java resolves a simple name, of its package.
                Map<String, List<String[]>> records = new LinkedHashMap<>(packages.get(java.getParent()));
                records.putAll(records(source));
                String envPrefix = prefix.group(1).replace("-", "").replace('.', '_').toUpperCase(Locale.ROOT);
                String top = source.substring(prefix.end()).replaceFirst("(?s)^.*?\\brecord\\s+(\\w+).*$", "$1");
                addNames(records, top, envPrefix, exact, patterns);
            }
        }
        // Internal authentication's settings, read by every service through scheduling-core rather than a record.
        for (String property : List.of(io.baton.core.security.InternalAuth.SECRET_PROPERTY,
                io.baton.core.security.InternalAuth.SECRET_FILE_PROPERTY, io.baton.core.security.InternalAuth.MODE_PROPERTY)) {
            exact.add(io.baton.core.security.InternalAuth.environmentName(property));
        }
        Object port = at(applicationYml, "server", "port");
        boolean probes = Boolean.TRUE.equals(at(applicationYml, "management", "endpoint", "health", "probes", "enabled"))
                && exposesHealth(at(applicationYml, "management", "endpoints", "web", "exposure", "include"));
        Object grpc = at(applicationYml, "baton", module.replace("-service", ""), "grpc", "port");
        int httpPort = port instanceof Integer p ? p : 8080;
        Set<Integer> grpcPorts = grpc instanceof Integer g ? Set.of(g)
                // a worker left without baton.worker.grpc.port listens 1000 above its HTTP port (WorkerGrpcProperties)
                : module.equals("worker-service") ? Set.of(httpPort + 1000) : Set.of();
        return new ServiceConfiguration(module, httpPort, probes, Set.copyOf(exact), List.copyOf(patterns), grpcPorts);
    }

    private static void addNames(Map<String, List<String[]>> records, String record, String prefix, Set<String> exact,
                                 List<Pattern> patterns) {
        List<String[]> components = records.get(record);
        if (components == null) {
            throw new IllegalStateException("no record " + record + " in the package of @ConfigurationProperties");
        }
        for (String[] typeAndName : components) {
            String rawType = typeAndName[0].replaceAll("<.*", "").replaceAll(".*\\.", "").trim();
            String name = prefix + "_" + typeAndName[1].toUpperCase(Locale.ROOT);
            if (records.containsKey(rawType)) {
                addNames(records, rawType, name, exact, patterns);
            } else if (COLLECTIONS.contains(rawType) || typeAndName[0].endsWith("[]")) {
                exact.add(name);                                     // comma-separated
                patterns.add(Pattern.compile(Pattern.quote(name) + "_\\d+_?"));   // indexed: NAME_0_
            } else if (rawType.equals("Map")) {
                patterns.add(Pattern.compile(Pattern.quote(name) + "_[A-Z0-9_]+"));
            } else {
                exact.add(name);
            }
        }
    }

    /** Every record declared in a source file: its name and its components as {type, name}. */
    private static Map<String, List<String[]>> records(String source) {
        String code = PropertiesRecords.withoutStrings(PropertiesRecords.withoutComments(source));
        Map<String, List<String[]>> records = new LinkedHashMap<>();
        Matcher m = RECORD.matcher(code);
        while (m.find()) {
            int depth = 1;
            int i = m.end();
            while (depth > 0) {
                char c = code.charAt(i++);
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            }
            String header = code.substring(m.end(), i - 1).replaceAll("@\\w+(\\([^)]*\\))?", " ");
            List<String[]> components = new ArrayList<>();
            for (String component : splitTopLevel(header)) {
                String c = component.trim().replaceAll("\\s+", " ");
                if (!c.isEmpty()) {
                    int space = c.lastIndexOf(' ');
                    components.add(new String[] {c.substring(0, space), c.substring(space + 1)});
                }
            }
            records.put(m.group(1), components);
        }
        return records;
    }

    private static List<String> splitTopLevel(String s) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            depth += c == '<' ? 1 : c == '>' ? -1 : 0;
            if (c == ',' && depth == 0) {
                parts.add(s.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(s.substring(start));
        return parts;
    }

    private static boolean exposesHealth(Object include) {
        if (include == null) {
            return true;   // Spring Boot exposes health over the web by default
        }
        return List.of(String.valueOf(include).replaceAll("[\\[\\] ]", "").split(",")).stream()
                .anyMatch(e -> e.equals("health") || e.equals("*"));
    }

    @SuppressWarnings("unchecked")
    static Object at(Map<String, Object> map, String... path) {
        Object node = map;
        for (String key : path) {
            if (!(node instanceof Map<?, ?> m)) {
                return null;
            }
            node = ((Map<String, Object>) m).get(key);
        }
        return node;
    }

    private static Map<String, Object> yaml(Path file) {
        Map<String, Object> map = new Yaml(new SafeConstructor(new LoaderOptions())).load(read(file));
        return map == null ? Map.of() : map;
    }

    private static List<Path> files(Path dir, String namePrefix, String suffix) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(namePrefix)
                    && p.getFileName().toString().endsWith(suffix)).sorted().toList();
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
