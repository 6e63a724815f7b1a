package io.baton.e2e.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.e2e.deploy.ComposeFile.Service;

/**
 * docker-compose.yml checked against the services' own configuration, since no Docker engine runs here: every
 * service module is in it, built from a Dockerfile that exposes the port its application.yml sets; every
 * environment variable is a property the service reads; URLs name compose services at their ports; health checks
 * ask the readiness probe the service enables; dependencies wait for health; Prometheus scrapes every service; the
 * Grafana dashboard queries metrics the services register.
 */
class ComposeFileTest {

    private static final Pattern URL_IN_VALUE = Pattern.compile("(?:https?|jdbc:postgresql)://([^/:?\\s]+)(?::(\\d+))?");
    private static final Pattern EXPOSE = Pattern.compile("(?m)^\\s*EXPOSE\\s+(.+)$");
    private static final Pattern METRIC = Pattern.compile("\\bbaton_[a-z0-9_]+\\b");
    /** The port an image's container is called on (Tempo: OTLP/HTTP, where the services send traces). */
    private static final Map<String, Integer> IMAGE_PORTS = Map.of("postgres", 5432, "prometheus", 9090, "grafana", 3000,
            "tempo", 4318);
    /** The other ports an image listens on (Tempo's query API, which Grafana reads). */
    private static final Map<String, Set<Integer>> IMAGE_OTHER_PORTS = Map.of("tempo", Set.of(3200));
    /**
     * Variables whose URL a service calls without waiting for it: trace export, which drops what it cannot send and
     * never holds a request.
     */
    private static final Set<String> CALLED_WITHOUT_WAITING = Set.of("BATON_OTLP_ENDPOINT");

    private static Path root;
    private static ComposeFile compose;
    private static final Map<String, ServiceModule> modules = new LinkedHashMap<>();

    @BeforeAll
    static void read() throws IOException {
        root = repositoryRoot();
        compose = ComposeFile.read(root);
        for (String module : serviceModules(root)) {
            modules.put(module, ServiceModule.read(root, module));
        }
    }

    /**
     * The internal secret needs no manual step: the one-shot service internal-secret writes it into a named volume,
     * and every service of the suite reads it from there, read-only, after that service has completed. No service is
     * given a literal secret or runs with authentication disabled. Prometheus reads it too, for the internal
     * services' /actuator/prometheus.
     */
    @Test
    @SuppressWarnings("unchecked")
    void everyServiceReadsTheInternalSecretTheInitServiceWrites() throws IOException {
        Map<String, Object> doc = new Yaml().load(Files.readString(root.resolve("docker-compose.yml")));
        Map<String, Object> services = (Map<String, Object>) doc.get("services");
        Map<String, Object> init = (Map<String, Object>) services.get("internal-secret");
        assertThat(init).as("a one-shot service internal-secret").isNotNull();
        assertThat(String.join(" ", (List<String>) init.get("command"))).contains("/dev/urandom").contains("/run/baton/internal-secret");
        assertThat((List<String>) init.get("volumes")).containsExactly("internal-secret:/run/baton");
        assertThat(((Map<String, Object>) doc.get("volumes"))).containsKey("internal-secret");
        List<String> readers = new ArrayList<>();
        compose.builtServices().forEach(b -> readers.add(b.name()));
        readers.add("prometheus");
        for (String name : readers) {
            Map<String, Object> body = (Map<String, Object>) services.get(name);
            assertThat((List<String>) body.get("volumes")).as(name + " volumes").anySatisfy(v -> assertThat(v)
                    .startsWith("internal-secret:/run/baton:ro"));
            Map<String, Object> dependsOn = (Map<String, Object>) body.get("depends_on");
            assertThat(dependsOn).as(name + " waits for the secret").containsKey("internal-secret");
            assertThat(((Map<String, Object>) dependsOn.get("internal-secret")).get("condition"))
                    .isEqualTo("service_completed_successfully");
        }
        for (Service built : compose.builtServices()) {
            assertThat(built.environment()).as(built.name()).containsEntry("BATON_INTERNAL_SECRET_FILE", "/run/baton/internal-secret")
                    .doesNotContainKeys("BATON_INTERNAL_SECRET", "BATON_INTERNAL_AUTH");
        }
        Map<String, Object> prometheus = new Yaml().load(Files.readString(root.resolve("deploy/prometheus/prometheus.yml")));
        for (Map<String, Object> job : (List<Map<String, Object>>) prometheus.get("scrape_configs")) {
            Object credentials = job.get("authorization") instanceof Map<?, ?> auth ? auth.get("credentials_file") : null;
            assertThat(credentials).as("scrape job " + job.get("job_name"))
                    .isEqualTo("gateway".equals(job.get("job_name")) ? null : "/run/baton/internal-secret");
        }
    }

    @Test
    void everyServiceModuleIsBuiltFromItsOwnFolder() {
        Set<String> built = new TreeSet<>();
        for (Service s : compose.builtServices()) {
            module(s);
            assertThat(s.buildContext().get().getParent()).as("%s's build context", s.name()).isEqualTo(root);
            built.add(s.module().get());
        }
        assertThat(built).as("service modules with a service in docker-compose.yml").isEqualTo(modules.keySet());
    }

    @Test
    void twoWorkersEachDriveTheirOwnCpuWithOneIntraOpThread() {
        List<Service> workers = compose.builtServices().stream()
                .filter(s -> s.module().get().equals("worker-service")).toList();
        assertThat(workers).hasSize(2);
        Map<String, String> deviceIds = new HashMap<>();
        for (Service w : workers) {
            deviceIds.put(w.name(), setting(w, "baton.worker.device-id").orElse("cpu-0"));
            assertThat(setting(w, "baton.worker.intra-op-threads")).as("%s intra-op threads", w.name()).contains("1");
            assertThat(setting(w, "baton.worker.scheduler-url")).as("%s must register with the scheduler", w.name())
                    .isPresent();
            assertThat(setting(w, "baton.worker.advertised-url").map(URI::create).map(URI::getHost))
                    .as("%s advertises its own compose host name (127.0.0.1 would be the scheduler's container)",
                            w.name()).contains(w.name());
        }
        assertThat(new TreeSet<>(deviceIds.values())).containsExactly("cpu-0", "cpu-1");
    }

    @Test
    void dockerfilesRunTheModulesJarOnAGlibcJre17AsANonRootUserAndExposeTheConfiguredPort() throws IOException {
        for (Service s : compose.builtServices()) {
            ServiceModule module = module(s);
            Path dockerfile = s.dockerfile().get();
            assertThat(dockerfile).as("%s's Dockerfile", s.name()).isRegularFile();
            String text = Files.readString(dockerfile);
            String from = lines(text, "FROM").get(0);
            assertThat(from).as("%s: a JRE 17 on glibc (ONNX Runtime's native libraries need it)", dockerfile)
                    .contains("eclipse-temurin:17-jre").doesNotContain("alpine");
            assertThat(text).as("%s copies the jar mvn package builds", dockerfile)
                    .containsPattern("(?m)^COPY\\s+target/" + Pattern.quote(module.name()) + "-\\*\\.jar\\s");
            List<String> users = lines(text, "USER");
            assertThat(users).as("%s sets a USER", dockerfile).isNotEmpty();
            assertThat(users.get(users.size() - 1)).as("%s runs as", dockerfile).doesNotMatch("USER\\s+(root|0)(:.*)?");
            assertThat(exposed(text)).as("%s EXPOSE vs %s's server.port", dockerfile, module.name())
                    .contains(module.serverPort());
            assertThat(lines(text, "ENTRYPOINT")).as("%s ENTRYPOINT", dockerfile).singleElement().asString()
                    .contains("\"java\"").contains("\"-jar\"");
        }
    }

    @Test
    void publishedPortsReachThePortEachServiceListensOn() {
        Set<String> hostPorts = new LinkedHashSet<>();
        for (Service s : compose.services().values()) {
            for (ComposeFile.PortMapping p : s.ports()) {
                assertThat(hostPorts.add(p.hostPort())).as("host port %s published twice", p.hostPort()).isTrue();
                Set<Integer> listening = new java.util.HashSet<>(Set.of(containerPort(s)));
                if (s.module().isPresent()) {
                    listening.addAll(module(s).grpcPorts());
                }
                assertThat(p.containerPort()).as("%s publishes a port it does not listen on", s.name())
                        .isIn(listening);
            }
        }
        for (Service s : compose.builtServices()) {
            assertThat(s.ports()).as("%s publishes its port", s.name()).isNotEmpty();
        }
    }

    @Test
    void everyEnvironmentVariableSetsAPropertyTheServiceReads() {
        SoftAssertions soft = new SoftAssertions(); // every misspelling at once
        for (Service s : compose.builtServices()) {
            EnvironmentNames names = new EnvironmentNames(module(s));
            for (String variable : s.environment().keySet()) {
                soft.assertThat(names.propertyOf(variable))
                        .as("%s: environment variable %s is no property %s reads (its records: %s)", s.name(), variable,
                                s.module().get(), module(s).recordProperties())
                        .isPresent();
            }
        }
        soft.assertAll();
    }

    @Test
    void urlsInTheEnvironmentNameComposeServicesAtTheirPorts() {
        for (Service s : compose.services().values()) {
            s.environment().forEach((variable, value) -> {
                Matcher m = URL_IN_VALUE.matcher(value);
                while (m.find()) {
                    String host = m.group(1);
                    assertThat(host).as("%s %s: inside a container, %s is the container itself", s.name(), variable, host)
                            .isNotIn("127.0.0.1", "localhost", "0.0.0.0");
                    assertThat(compose.services()).as("%s %s names host %s", s.name(), variable, host).containsKey(host);
                    if (m.group(2) != null) {
                        assertThat(Integer.parseInt(m.group(2))).as("%s %s: %s listens on", s.name(), variable, host)
                                .isEqualTo(containerPort(compose.service(host)));
                    }
                }
            });
        }
    }

    @Test
    void healthChecksAskTheReadinessProbeTheServiceEnables() {
        for (Service s : compose.builtServices()) {
            ServiceModule module = module(s);
            assertThat(module.probesEnabled()).as("%s enables management.endpoint.health.probes", module.name()).isTrue();
            assertThat(module.exposes("health")).as("%s exposes the health endpoint", module.name()).isTrue();
            assertThat(s.healthcheck()).as("%s health check", s.name()).isNotEmpty();
            assertThat(s.healthcheck().get(0)).isIn("CMD", "CMD-SHELL");
            assertThat(String.join(" ", s.healthcheck()))
                    .as("%s health check", s.name())
                    .contains("http://localhost:" + containerPort(s) + "/actuator/health/readiness")
                    .startsWith("CMD curl -f");
        }
    }

    @Test
    void dependenciesExistAndServicesWaitForTheHealthOfThoseTheyCall() {
        for (Service s : compose.services().values()) {
            for (ComposeFile.Dependency d : s.dependsOn()) {
                assertThat(compose.services()).as("%s depends on %s", s.name(), d.service()).containsKey(d.service());
                if (d.condition().equals("service_healthy")) {
                    assertThat(compose.service(d.service()).healthcheck())
                            .as("%s waits for %s to be healthy, which has no health check", s.name(), d.service())
                            .isNotEmpty();
                }
            }
        }
        for (Service s : compose.builtServices()) {
            Set<String> called = new TreeSet<>();
            s.environment().forEach((variable, v) -> {
                if (CALLED_WITHOUT_WAITING.contains(variable)) return;
                Matcher m = URL_IN_VALUE.matcher(v);
                while (m.find()) {
                    if (!m.group(1).equals(s.name())) called.add(m.group(1));
                }
            });
            Map<String, String> waitsFor = new HashMap<>();
            s.dependsOn().forEach(d -> waitsFor.put(d.service(), d.condition()));
            for (String target : called) {
                assertThat(waitsFor.get(target)).as("%s calls %s, so it waits for it to be healthy", s.name(), target)
                        .isEqualTo("service_healthy");
            }
        }
    }

    @Test
    void prometheusScrapesEveryServiceAtItsPortAndPath() throws IOException {
        Service prometheus = compose.service("prometheus");
        Path config = prometheus.hostPathOf("/etc/prometheus/prometheus.yml")
                .orElseThrow(() -> new AssertionError("prometheus mounts no /etc/prometheus/prometheus.yml"));
        assertThat(config).isEqualTo(root.resolve("deploy/prometheus/prometheus.yml"));
        Map<String, Object> doc = new Yaml().load(Files.readString(config));
        Map<String, String> pathByTarget = new HashMap<>();
        for (Object job : ComposeFile.list(doc.get("scrape_configs"), "scrape_configs")) {
            Map<String, Object> j = ComposeFile.map(job, "scrape job");
            String path = String.valueOf(j.getOrDefault("metrics_path", "/metrics"));
            for (Object sc : ComposeFile.list(j.get("static_configs"), j.get("job_name") + ".static_configs")) {
                for (Object target : ComposeFile.list(ComposeFile.map(sc, "static_config").get("targets"), "targets")) {
                    assertThat(pathByTarget.put(String.valueOf(target), path)).as("%s scraped twice", target).isNull();
                }
            }
        }
        for (String target : pathByTarget.keySet()) {
            String[] hostPort = target.split(":");
            assertThat(compose.services()).as("Prometheus target %s", target).containsKey(hostPort[0]);
            Service scraped = compose.service(hostPort[0]);
            assertThat(Integer.parseInt(hostPort[1])).as("Prometheus target %s: its port", target)
                    .isEqualTo(scraped.module().isPresent() ? module(scraped).metricsPort() : containerPort(scraped));
        }
        for (Service s : compose.builtServices()) {
            assertThat(module(s).exposes("prometheus")).as("%s exposes /actuator/prometheus", s.name())
                    .isTrue();
            assertThat(pathByTarget.get(s.name() + ":" + module(s).metricsPort())).as("Prometheus scrapes %s", s.name())
                    .isEqualTo("/actuator/prometheus");
        }
    }

    @Test
    void grafanaProvisionsPrometheusAndADashboardOfMetricsTheServicesRegister() throws IOException {
        Service grafana = compose.service("grafana");
        assertThat(grafana.dependsOn()).extracting(ComposeFile.Dependency::service).contains("prometheus");
        Path provisioning = grafana.hostPathOf("/etc/grafana/provisioning")
                .orElseThrow(() -> new AssertionError("grafana mounts no /etc/grafana/provisioning"));

        Map<String, Map<String, Object>> datasources = new HashMap<>();
        for (Object item : items(provisioning.resolve("datasources"), "datasources")) {
            Map<String, Object> datasource = ComposeFile.map(item, "datasource");
            String type = String.valueOf(datasource.get("type"));
            assertThat(datasources.put(type, datasource)).as("one %s datasource", type).isNull();
            URI url = URI.create(String.valueOf(datasource.get("url")));
            assertThat(compose.services()).as("%s datasource host", type).containsKey(url.getHost());
            assertThat(url.getPort()).as("%s datasource port", type).isIn(ports(compose.service(url.getHost())));
        }
        assertThat(datasources.keySet()).as("Grafana's datasources").containsExactlyInAnyOrder("prometheus", "tempo");
        assertThat(grafana.dependsOn()).extracting(ComposeFile.Dependency::service).contains("tempo");
        // the trace backend Grafana reads is the one the services send their traces to
        String traces = URI.create(String.valueOf(datasources.get("tempo").get("url"))).getHost();
        for (Service s : compose.builtServices()) {
            String endpoint = s.environment().get("BATON_OTLP_ENDPOINT");
            if (endpoint != null) {
                assertThat(endpoint).as("%s sends its traces to %s", s.name(), traces).contains("://" + traces + ":");
            }
        }
        String uid = String.valueOf(datasources.get("prometheus").get("uid"));

        Map<String, Object> provider = onlyItem(provisioning.resolve("dashboards"), "providers");
        String dashboardsPath = String.valueOf(ComposeFile.map(provider.get("options"), "provider options").get("path"));
        Path dashboards = grafana.hostPathOf(dashboardsPath)
                .orElseThrow(() -> new AssertionError("grafana mounts nothing at the provider's " + dashboardsPath));
        List<Path> jsons = files(dashboards, ".json");
        assertThat(jsons).as("dashboards in %s", dashboards).isNotEmpty();

        Set<String> registered = new TreeSet<>();
        modules.values().forEach(m -> registered.addAll(m.series()));
        Set<String> queried = new TreeSet<>();
        for (Path json : jsons) {
            JsonNode dashboard = new ObjectMapper().readTree(json.toFile());
            assertThat(dashboard.path("panels").isArray()).as("%s has panels", json).isTrue();
            for (JsonNode panel : dashboard.path("panels")) {
                String title = panel.path("title").asText();
                assertThat(panel.path("datasource").path("uid").asText()).as("panel '%s' datasource", title).isEqualTo(uid);
                assertThat(panel.path("targets")).as("panel '%s' queries", title).isNotEmpty();
                for (JsonNode target : panel.path("targets")) {
                    String expr = target.path("expr").asText();
                    Matcher m = METRIC.matcher(expr);
                    assertThat(m.find()).as("panel '%s' queries no Baton metric: %s", title, expr).isTrue();
                    do {
                        assertThat(registered).as("panel '%s' queries %s, which no service registers", title, m.group())
                                .contains(m.group());
                        queried.add(m.group());
                    } while (m.find());
                }
            }
        }
        assertThat(queried).as("the dashboard's metrics").contains("baton_goodput", "baton_miss_rate",
                "baton_request_latency_seconds_bucket", "baton_batch_size_sum", "baton_batch_size_count",
                "baton_queue_length", "baton_device_idle_fraction", "baton_gateway_requests_seconds_bucket");
    }

    /** The module a service is built from; a build context outside the reactor's service modules fails here. */
    private static ServiceModule module(Service s) {
        ServiceModule m = modules.get(s.module().get());
        if (m == null) {
            throw new AssertionError(s.name() + " is built from " + s.buildContext().get()
                    + ", which is not one of the reactor's service modules " + modules.keySet());
        }
        return m;
    }

    /** The port a service listens on in its container: its SERVER_PORT, else application.yml's; an image's own. */
    private static int containerPort(Service s) {
        if (s.module().isEmpty()) {
            Integer port = s.image().map(i -> i.replaceAll("^.*/", "").replaceAll(":.*$", "")).map(IMAGE_PORTS::get).orElse(null);
            if (port == null) {
                throw new AssertionError(s.name() + ": no known port for image " + s.image().orElse("?"));
            }
            return port;
        }
        return setting(s, "server.port").map(Integer::parseInt).orElseGet(() -> module(s).serverPort());
    }

    /** The value the service's environment gives a property, in either of its relaxed names. */
    private static Optional<String> setting(Service s, String property) {
        EnvironmentNames names = new EnvironmentNames(module(s));
        return s.environment().entrySet().stream()
                .filter(e -> names.propertyOf(e.getKey()).filter(property::equals).isPresent())
                .map(Map.Entry::getValue).findFirst();
    }

    private static Set<Integer> exposed(String dockerfile) {
        Set<Integer> ports = new TreeSet<>();
        Matcher m = EXPOSE.matcher(dockerfile);
        while (m.find()) {
            for (String p : m.group(1).trim().split("\\s+")) {
                ports.add(Integer.parseInt(p.replaceAll("/(tcp|udp)$", "")));
            }
        }
        return ports;
    }

    private static List<String> lines(String dockerfile, String instruction) {
        return dockerfile.lines().map(String::strip).filter(l -> l.startsWith(instruction + " ")).toList();
    }

    /** The one entry of {@code key} across the YAML files of a Grafana provisioning folder. */
    /** Every port a service's container listens on. */
    private static Set<Integer> ports(Service s) {
        Set<Integer> ports = new java.util.HashSet<>(Set.of(containerPort(s)));
        s.image().map(i -> i.replaceAll("^.*/", "").replaceAll(":.*$", "")).map(IMAGE_OTHER_PORTS::get)
                .ifPresent(ports::addAll);
        return ports;
    }

    private static List<Object> items(Path folder, String key) throws IOException {
        List<Object> items = new ArrayList<>();
        for (Path f : files(folder, ".yml")) {
            Map<String, Object> doc = new Yaml().load(Files.readString(f));
            items.addAll(ComposeFile.list(doc.get(key), f + " " + key));
        }
        return items;
    }

    private static Map<String, Object> onlyItem(Path folder, String key) throws IOException {
        List<Object> items = new ArrayList<>();
        for (Path f : files(folder, ".yml")) {
            Map<String, Object> doc = new Yaml().load(Files.readString(f));
            items.addAll(ComposeFile.list(doc.get(key), f + " " + key));
        }
        assertThat(items).as("%s in %s", key, folder).hasSize(1);
        return ComposeFile.map(items.get(0), key);
    }

    private static List<Path> files(Path folder, String suffix) throws IOException {
        assertThat(folder).isDirectory();
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        }
    }

    /** The reactor's modules named {@code *-service}, from the root pom. */
    private static List<String> serviceModules(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<module>([\\w-]+-service)</module>").matcher(Files.readString(root.resolve("pom.xml")));
        while (m.find()) {
            out.add(m.group(1));
        }
        assertThat(out).as("service modules in the root pom").isNotEmpty();
        return out;
    }

    private static Path repositoryRoot() {
        String configured = System.getProperty("baton.root");
        Path dir = (configured != null ? Path.of(configured) : Path.of("")).toAbsolutePath().normalize();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("docker-compose.yml"))) {
                return d;
            }
        }
        throw new AssertionError("no docker-compose.yml in " + dir + " or above");
    }
}
