package io.baton.e2e.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.yaml.snakeyaml.Yaml;

/**
 * docker-compose.yml as the test reads it: each service's build context, environment, published ports, health check,
 * dependencies and bind mounts, in whichever of the Compose specification's short or long forms the file uses.
 */
record ComposeFile(Path root, Map<String, Service> services) {

    /** A published port: {@code [ip:]host:container[/protocol]} or the long form {@code {target, published}}. */
    record PortMapping(String hostPort, int containerPort) {}

    /** A bind mount {@code ./host/path:/container/path[:ro]} (named volumes have no host path and are left out). */
    record BindMount(Path hostPath, String containerPath) {}

    /** {@code depends_on} target with its condition ({@code service_started} in the short list form). */
    record Dependency(String service, String condition) {}

    record Service(String name, Optional<Path> buildContext, Optional<Path> dockerfile, Optional<String> image,
                   Map<String, String> environment, List<PortMapping> ports, List<String> healthcheck,
                   List<Dependency> dependsOn, List<BindMount> mounts) {

        /** The module a service is built from: its build context's folder name. */
        Optional<String> module() {
            return buildContext.map(p -> p.getFileName().toString());
        }

        /** The container path {@code containerPath} is mounted from, resolved on the host. */
        Optional<Path> hostPathOf(String containerPath) {
            for (BindMount m : mounts) {
                String target = m.containerPath().replaceAll("/+$", "");
                if (containerPath.equals(target)) {
                    return Optional.of(m.hostPath());
                }
                if (containerPath.startsWith(target + "/")) {
                    return Optional.of(m.hostPath().resolve(containerPath.substring(target.length() + 1)));
                }
            }
            return Optional.empty();
        }
    }

    static ComposeFile read(Path root) throws IOException {
        Map<String, Object> doc = new Yaml().load(Files.readString(root.resolve("docker-compose.yml")));
        Map<String, Service> services = new LinkedHashMap<>();
        map(doc.get("services"), "services").forEach((name, body) -> services.put(name, service(root, name, map(body, name))));
        return new ComposeFile(root, services);
    }

    Service service(String name) {
        Service s = services.get(name);
        if (s == null) {
            throw new AssertionError("docker-compose.yml has no service '" + name + "' (services: " + services.keySet() + ")");
        }
        return s;
    }

    /** The services built from one of the suite's modules, in file order. */
    List<Service> builtServices() {
        return services.values().stream().filter(s -> s.buildContext().isPresent()).toList();
    }

    private static Service service(Path root, String name, Map<String, Object> body) {
        Optional<Path> context = Optional.empty();
        Optional<Path> dockerfile = Optional.empty();
        Object build = body.get("build");
        if (build instanceof String s) {
            context = Optional.of(root.resolve(s).normalize());
            dockerfile = Optional.of(context.get().resolve("Dockerfile"));
        } else if (build != null) {
            Map<String, Object> b = map(build, name + ".build");
            context = Optional.of(root.resolve(String.valueOf(b.getOrDefault("context", "."))).normalize());
            dockerfile = Optional.of(context.get().resolve(String.valueOf(b.getOrDefault("dockerfile", "Dockerfile"))));
        }
        return new Service(name, context, dockerfile, Optional.ofNullable((String) body.get("image")),
                environment(body.get("environment"), name), ports(body.get("ports"), name),
                healthcheck(body.get("healthcheck"), name), dependsOn(body.get("depends_on"), name),
                mounts(root, body.get("volumes"), name));
    }

    private static Map<String, String> environment(Object env, String service) {
        Map<String, String> out = new LinkedHashMap<>();
        if (env instanceof List<?> list) {
            for (Object e : list) {
                String s = String.valueOf(e);
                int eq = s.indexOf('=');
                out.put(eq < 0 ? s : s.substring(0, eq), eq < 0 ? "" : s.substring(eq + 1));
            }
        } else if (env != null) {
            map(env, service + ".environment").forEach((k, v) -> out.put(k, v == null ? "" : String.valueOf(v)));
        }
        return out;
    }

    private static List<PortMapping> ports(Object ports, String service) {
        List<PortMapping> out = new ArrayList<>();
        for (Object p : list(ports, service + ".ports")) {
            if (p instanceof Map<?, ?> m) {
                out.add(new PortMapping(String.valueOf(m.get("published")), Integer.parseInt(String.valueOf(m.get("target")))));
                continue;
            }
            String s = String.valueOf(p).replaceAll("/(tcp|udp)$", "");
            String[] parts = s.split(":");
            if (parts.length < 2) {
                throw new AssertionError(service + ": port '" + s + "' publishes no fixed host port");
            }
            out.add(new PortMapping(parts[parts.length - 2], Integer.parseInt(parts[parts.length - 1])));
        }
        return out;
    }

    private static List<String> healthcheck(Object hc, String service) {
        if (hc == null) {
            return List.of();
        }
        Object test = map(hc, service + ".healthcheck").get("test");
        if (test instanceof String s) {
            return List.of("CMD-SHELL", s);
        }
        return list(test, service + ".healthcheck.test").stream().map(String::valueOf).toList();
    }

    private static List<Dependency> dependsOn(Object deps, String service) {
        List<Dependency> out = new ArrayList<>();
        if (deps instanceof List<?> l) {
            l.forEach(d -> out.add(new Dependency(String.valueOf(d), "service_started")));
        } else if (deps != null) {
            map(deps, service + ".depends_on").forEach((target, body) -> out.add(new Dependency(target,
                    body == null ? "service_started" : String.valueOf(map(body, target).getOrDefault("condition", "service_started")))));
        }
        return out;
    }

    private static List<BindMount> mounts(Path root, Object volumes, String service) {
        List<BindMount> out = new ArrayList<>();
        for (Object v : list(volumes, service + ".volumes")) {
            String[] parts = String.valueOf(v).split(":");
            if (parts.length >= 2 && (parts[0].startsWith(".") || parts[0].startsWith("/"))) {
                out.add(new BindMount(root.resolve(parts[0]).normalize(), parts[1]));
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o, String where) {
        if (!(o instanceof Map<?, ?>)) {
            throw new AssertionError(where + ": expected a mapping, found " + o);
        }
        return (Map<String, Object>) o;
    }

    static List<?> list(Object o, String where) {
        if (o == null) {
            return List.of();
        }
        if (!(o instanceof List<?> l)) {
            throw new AssertionError(where + ": expected a list, found " + o);
        }
        return l;
    }
}
