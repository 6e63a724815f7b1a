package io.baton.e2e.deploy;

import static io.baton.e2e.deploy.Manifests.containerPort;
import static io.baton.e2e.deploy.Manifests.containers;
import static io.baton.e2e.deploy.Manifests.get;
import static io.baton.e2e.deploy.Manifests.list;
import static io.baton.e2e.deploy.Manifests.map;
import static io.baton.e2e.deploy.Manifests.name;
import static io.baton.e2e.deploy.Manifests.strings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Renders every overlay under {@code k8s/overlays} with {@code kubectl kustomize} (no cluster needed) and checks
 * that the result would run the suite as its code expects: probes on the actuator paths each service serves, on its
 * real port; Services and disruption budgets that select pods; environment variables that each service really
 * binds (read from its {@code @ConfigurationProperties} record and application.yml, so a misspelt key fails);
 * in-cluster URLs that name a Service of the right service on its port; GPU workers on CUDA with a GPU, CPU workers
 * without; the gateway's autoscaler; the scheduler's Kubernetes actuator, its pools and the RBAC it scales the worker
 * Deployments with; the Secret and ConfigMaps referenced; the gateways' and schedulers' request traces sent to the
 * trace backend in the cluster; everything in namespace {@code baton}.
 * Skipped, saying so, where kubectl is missing.
 */
class KustomizeTest {

    private static final String NAMESPACE = "baton";
    private static final Set<String> CLUSTER_SCOPED = Set.of("Namespace");
    /** Read by the JVM, not by Spring: allowed on every service. */
    private static final Set<String> JVM_ENV = Set.of("JAVA_TOOL_OPTIONS");
    private static final Pattern ENV_REFERENCE = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");
    private static final Pattern IN_CLUSTER_URL = Pattern.compile("^(?:jdbc:)?[a-z]+://([a-z0-9-]+):(\\d+)(?:[/?].*)?$");

    private static Path root;
    private static Path kubectl;
    private static final Map<String, Manifests> RENDERED = new HashMap<>();
    private static final Map<String, ServiceConfiguration> CONFIG = new HashMap<>();

    @BeforeAll
    static void findKubectl() {
        root = repositoryRoot();
        kubectl = Kustomize.kubectl().orElse(null);
    }

    /** Per test rather than in @BeforeAll, so that each shows as skipped with the reason. */
    @BeforeEach
    void needsKubectl() {
        assumeTrue(kubectl != null, "kubectl is not installed (looked at -Dbaton.kubectl, on the PATH and at /usr/bin/kubectl): "
                + "the k8s/ manifests are not rendered or checked");
    }

    static Stream<String> overlays() throws IOException {
        try (Stream<Path> dirs = Files.list(repositoryRoot().resolve("k8s/overlays"))) {
            return dirs.filter(d -> Files.exists(d.resolve("kustomization.yaml")))
                    .map(d -> d.getFileName().toString()).sorted().toList().stream();
        }
    }

    @Test
    void thereIsACpuAndAGpuOverlay() throws IOException {
        assertThat(overlays()).contains("cpu", "gpu");
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void everythingLandsInNamespaceBaton(String overlay) {
        Manifests m = rendered(overlay);
        assertThat(m.ofKind("Namespace")).extracting(Manifests::name).containsExactly(NAMESPACE);
        for (Map<String, Object> o : m.objects()) {
            if (!CLUSTER_SCOPED.contains(o.get("kind"))) {
                assertThat(get(o, "metadata", "namespace")).as(describe(o) + " namespace").isEqualTo(NAMESPACE);
            }
            assertThat(get(o, "metadata", "labels", "app.kubernetes.io/part-of")).as(describe(o) + " part-of label")
                    .isEqualTo("baton");
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void everyServiceOfTheSuiteIsDeployed(String overlay) {
        Set<String> modules = new HashSet<>();
        for (Map<String, Object> w : rendered(overlay).workloads()) {
            for (Map<String, Object> c : containers(w)) {
                if (module(c) != null) {
                    modules.add(module(c));
                }
            }
        }
        assertThat(modules).containsExactlyInAnyOrder("registry-service", "profiler-service", "scheduler-service",
                "gateway-service", "worker-service");
        assertThat(rendered(overlay).ofKind("StatefulSet")).extracting(Manifests::name).contains("postgres");
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void probesAreOnTheActuatorPathsAndPortsEachServiceServes(String overlay) {
        for (Map<String, Object> w : rendered(overlay).workloads()) {
            Map<String, Object> selector = map(get(w, "spec", "selector", "matchLabels"));
            assertThat(selector).as(describe(w) + " selector").isNotEmpty();
            assertThat(map(get(w, "spec", "template", "metadata", "labels"))).as(describe(w) + " template labels")
                    .containsAllEntriesOf(selector);
            for (Map<String, Object> c : containers(w)) {
                String at = describe(w) + " container " + c.get("name");
                assertThat(c.get("readinessProbe")).as(at + " readinessProbe").isNotNull();
                assertThat(c.get("livenessProbe")).as(at + " livenessProbe").isNotNull();
                String module = module(c);
                if (module == null) {
                    continue;
                }
                ServiceConfiguration config = config(module);
                assertThat(config.probesServed()).as(module + "'s application.yml enables the health probes").isTrue();
                assertThat(containerPort(c, config.serverPort())).as(at + " exposes server.port " + config.serverPort())
                        .isEqualTo(config.serverPort());
                for (String probe : List.of("readinessProbe", "livenessProbe", "startupProbe")) {
                    if (c.get(probe) == null) {
                        continue;
                    }
                    String path = (String) get(c, probe, "httpGet", "path");
                    String expected = probe.equals("readinessProbe") ? "/actuator/health/readiness"
                            : "/actuator/health/liveness";
                    assertThat(path).as(at + " " + probe + " path").isEqualTo(expected);
                    assertThat(containerPort(c, get(c, probe, "httpGet", "port"))).as(at + " " + probe + " port")
                            .isEqualTo(config.serverPort());
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void everyServiceSelectsPodsAndTargetsAContainerPort(String overlay) {
        Manifests m = rendered(overlay);
        for (Map<String, Object> s : m.ofKind("Service")) {
            List<Map<String, Object>> selected = m.selectedBy(map(get(s, "spec", "selector")));
            assertThat(selected).as(describe(s) + " selects the pods of some Deployment or StatefulSet").isNotEmpty();
            for (Map<String, Object> port : list(get(s, "spec", "ports"))) {
                Object target = port.getOrDefault("targetPort", port.get("port"));
                for (Map<String, Object> w : selected) {
                    Integer resolved = containers(w).stream().map(c -> containerPort(c, target))
                            .filter(p -> p != null).findFirst().orElse(null);
                    assertThat(resolved).as(describe(s) + " targetPort " + target + " in " + describe(w)).isNotNull();
                    for (Map<String, Object> c : containers(w)) {
                        if (module(c) != null) {
                            assertThat(resolved).as(describe(s) + " targetPort is " + module(c) + "'s server.port "
                                    + "(or gRPC port)").isIn(config(module(c)).clientPorts());
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void environmentVariablesAreRealConfigurationOfTheirService(String overlay) {
        Manifests m = rendered(overlay);
        for (Map<String, Object> w : m.workloads()) {
            for (Map<String, Object> c : containers(w)) {
                String module = module(c);
                if (module == null) {
                    continue;
                }
                ServiceConfiguration config = config(module);
                Map<String, String> env = m.environment(c);
                Set<String> referenced = new HashSet<>();
                env.values().forEach(v -> {
                    Matcher r = ENV_REFERENCE.matcher(v);
                    while (r.find()) {
                        referenced.add(r.group(1));
                    }
                });
                for (String key : env.keySet()) {
                    boolean helper = referenced.contains(key) && !key.startsWith("BATON_");
                    assertThat(config.accepts(key) || JVM_ENV.contains(key) || helper)
                            .as("%s: %s is not a configuration property of %s (from its @ConfigurationProperties "
                                    + "record or application.yml)", describe(w), key, module)
                            .isTrue();
                }
                assertThat(referenced).as(describe(w) + " $(…) references are defined").isSubsetOf(env.keySet());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void inClusterUrlsNameAServiceOfTheRightServiceOnItsPort(String overlay) {
        Manifests m = rendered(overlay);
        for (Map<String, Object> w : m.workloads()) {
            for (Map<String, Object> c : containers(w)) {
                for (Map.Entry<String, String> e : m.environment(c).entrySet()) {
                    Matcher url = IN_CLUSTER_URL.matcher(e.getValue());
                    if (!e.getKey().endsWith("URL") || !url.matches()) {
                        continue;   // not a URL, or a host outside the cluster (it has dots)
                    }
                    String at = describe(w) + " " + e.getKey() + "=" + e.getValue();
                    Map<String, Object> service = m.find("Service", url.group(1))
                            .orElseThrow(() -> new AssertionError(at + ": no Service " + url.group(1)));
                    assertThat(list(get(service, "spec", "ports"))).extracting(p -> p.get("port")).as(at + " port")
                            .contains(Integer.parseInt(url.group(2)));
                    String expectedModule = e.getKey().endsWith("REGISTRYURL") ? "registry-service"
                            : e.getKey().endsWith("SCHEDULERURL") ? "scheduler-service" : null;
                    if (expectedModule != null) {
                        assertThat(m.selectedBy(map(get(service, "spec", "selector"))).stream()
                                .flatMap(x -> containers(x).stream()).map(this::module))
                                .as(at + " reaches " + expectedModule).containsOnly(expectedModule);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void workersAdvertiseTheirPodIpUnderTheirPodName(String overlay) {
        Manifests m = rendered(overlay);
        List<Map<String, Object>> workers = workers(m);
        assertThat(workers).as("worker Deployments").isNotEmpty();
        for (Map<String, Object> w : workers) {
            Map<String, Object> c = containers(w).get(0);
            Map<String, String> env = m.environment(c);
            assertThat(env).as(describe(w) + " registers with the scheduler").containsKey("BATON_WORKER_SCHEDULERURL");
            String advertised = env.get("BATON_WORKER_ADVERTISEDURL");
            assertThat(advertised).as(describe(w) + " advertised URL").isNotNull();
            assertThat(resolvesTo(env, advertised)).as(describe(w) + " advertises its pod IP: " + advertised)
                    .contains("field:status.podIP");
            assertThat(advertised).as(describe(w) + " advertises its server port")
                    .endsWith(":" + config("worker-service").serverPort());
            assertThat(resolvesTo(env, env.getOrDefault("BATON_WORKER_DEVICEID", "cpu-0")))
                    .as(describe(w) + ": each replica needs its own device id (the pod's name)")
                    .contains("field:metadata.name");
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void gpuWorkersRunCudaOnAGpuAndCpuWorkersDoNot(String overlay) {
        Manifests m = rendered(overlay);
        Set<String> providers = new HashSet<>();
        for (Map<String, Object> w : workers(m)) {
            Map<String, Object> c = containers(w).get(0);
            String provider = m.environment(c).getOrDefault("BATON_WORKER_PROVIDER", "cpu");
            providers.add(provider);
            Object gpus = get(c, "resources", "limits", "nvidia.com/gpu");
            String image = (String) c.get("image");
            if (provider.equals("cuda")) {
                assertThat(gpus).as(describe(w) + " limits nvidia.com/gpu").isNotNull();
                assertThat(Integer.parseInt(String.valueOf(gpus))).as(describe(w) + " GPUs").isGreaterThanOrEqualTo(1);
                assertThat(image).as(describe(w) + " runs the CUDA build (-Pcuda)").endsWith("-cuda");
                assertThat(String.valueOf(get(w, "spec", "template", "spec", "nodeSelector"))
                        + get(w, "spec", "template", "spec", "tolerations"))
                        .as(describe(w) + " is placed on GPU nodes").contains("nvidia.com/gpu");
            } else {
                assertThat(provider).as(describe(w) + " provider").isEqualTo("cpu");
                assertThat(gpus).as(describe(w) + " (provider cpu) asks for no GPU").isNull();
                assertThat(get(c, "resources", "requests", "nvidia.com/gpu")).isNull();
                assertThat(image).as(describe(w) + " runs the CPU build").doesNotEndWith("-cuda");
            }
        }
        if (overlay.contains("gpu")) {
            assertThat(providers).as(overlay + " has CUDA workers").contains("cuda");
        } else {
            assertThat(providers).as(overlay + " has only CPU workers").containsOnly("cpu");
            assertThat(workers(m)).as(overlay + ": at least two CPU workers")
                    .anySatisfy(w -> assertThat((Integer) get(w, "spec", "replicas")).isGreaterThanOrEqualTo(2));
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void theHorizontalPodAutoscalerScalesTheGatewayOnCpu(String overlay) {
        Manifests m = rendered(overlay);
        List<Map<String, Object>> hpas = m.ofKind("HorizontalPodAutoscaler");
        assertThat(hpas).hasSize(1);
        Map<String, Object> hpa = hpas.get(0);
        assertThat(hpa.get("apiVersion")).isEqualTo("autoscaling/v2");
        assertThat(get(hpa, "spec", "scaleTargetRef", "kind")).isEqualTo("Deployment");
        Map<String, Object> target = m.find("Deployment", (String) get(hpa, "spec", "scaleTargetRef", "name"))
                .orElseThrow(() -> new AssertionError("the HPA's target Deployment is not rendered"));
        assertThat(containers(target)).extracting(this::module).containsExactly("gateway-service");
        assertThat(list(get(hpa, "spec", "metrics"))).anySatisfy(metric -> {
            assertThat(metric.get("type")).isEqualTo("Resource");
            assertThat(get(metric, "resource", "name")).isEqualTo("cpu");
        });
        assertThat(containers(target)).allSatisfy(c -> assertThat(get(c, "resources", "requests", "cpu"))
                .as("CPU utilization is measured against the request").isNotNull());
        assertThat((Integer) get(hpa, "spec", "minReplicas")).isGreaterThanOrEqualTo(2)
                .isLessThanOrEqualTo((Integer) get(hpa, "spec", "maxReplicas"));
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void disruptionBudgetsCoverGatewaySchedulerRegistryAndWorkers(String overlay) {
        Manifests m = rendered(overlay);
        Map<String, Integer> budgetsPerWorkload = new HashMap<>();
        for (Map<String, Object> pdb : m.ofKind("PodDisruptionBudget")) {
            List<Map<String, Object>> selected = m.selectedBy(map(get(pdb, "spec", "selector", "matchLabels")));
            assertThat(selected).as(describe(pdb) + " selects pods").isNotEmpty();
            selected.forEach(w -> budgetsPerWorkload.merge(name(w), 1, Integer::sum));
        }
        List<Map<String, Object>> covered = new ArrayList<>(workers(m));
        for (String module : List.of("gateway-service", "scheduler-service", "registry-service")) {
            covered.addAll(m.workloads().stream().filter(w -> containers(w).stream()
                    .anyMatch(c -> module.equals(module(c)))).toList());
        }
        for (Map<String, Object> w : covered) {
            assertThat(budgetsPerWorkload.get(name(w))).as(describe(w) + ": exactly one PodDisruptionBudget "
                    + "(a pod under two cannot be evicted)").isEqualTo(1);
        }
    }

    /** Who may call whom, by the services' own clients (k8s/base/network-policies.yaml says the same in words). */
    private static final Map<String, Set<String>> CALLERS = Map.of(
            "registry-service", Set.of("gateway-service", "scheduler-service", "profiler-service", "worker-service"),
            "scheduler-service", Set.of("gateway-service", "worker-service"),
            "profiler-service", Set.of("gateway-service"),
            "worker-service", Set.of("scheduler-service"),
            "postgres", Set.of("registry-service"),
            "tempo", Set.of("gateway-service", "scheduler-service"));

    @ParameterizedTest
    @MethodSource("overlays")
    void networkPoliciesLetOnlyTheSuitesOwnCallGraphReachTheInternalPortsAndPostgres(String overlay) {
        Manifests m = rendered(overlay);
        Map<String, Set<String>> allowed = new HashMap<>();
        Map<String, Set<Integer>> ports = new HashMap<>();
        for (Map<String, Object> policy : m.ofKind("NetworkPolicy")) {
            assertThat(strings(get(policy, "spec", "policyTypes"))).as(describe(policy)).contains("Ingress");
            Object target = get(policy, "spec", "podSelector", "matchLabels", "app.kubernetes.io/name");
            assertThat(target).as(describe(policy) + " selects one workload by name").isNotNull();
            for (Map<String, Object> rule : list(get(policy, "spec", "ingress"))) {
                for (Map<String, Object> from : list(rule.get("from"))) {
                    assertThat(from.keySet()).as(describe(policy) + ": sources are pods of the suite, never a namespace or "
                            + "an address block").containsExactly("podSelector");
                    allowed.computeIfAbsent((String) target, k -> new HashSet<>())
                            .add((String) get(from, "podSelector", "matchLabels", "app.kubernetes.io/name"));
                }
                assertThat(list(rule.get("from"))).as(describe(policy) + ": a rule without sources admits everyone").isNotEmpty();
                for (Map<String, Object> port : list(rule.get("ports"))) {
                    ports.computeIfAbsent((String) target, k -> new HashSet<>()).add((Integer) port.get("port"));
                }
            }
        }
        assertThat(allowed).as("callers allowed per workload").isEqualTo(CALLERS);
        assertThat(allowed).as("the gateway faces clients: no policy closes it").doesNotContainKey("gateway-service");
        for (String module : List.of("registry-service", "scheduler-service", "profiler-service", "worker-service")) {
            assertThat(ports.get(module)).as(module + ": the policy opens its server.port (and gRPC port) only")
                    .containsExactlyInAnyOrderElementsOf(config(module).clientPorts());
            assertThat(m.workloads().stream().filter(w -> module.equals(
                    get(w, "spec", "template", "metadata", "labels", "app.kubernetes.io/name"))).toList())
                    .as("the policy for " + module + " selects its pods").isNotEmpty();
        }
        assertThat(ports.get("postgres")).containsExactly(5432);
        assertThat(ports.get("tempo")).as("the trace backend admits OTLP/HTTP only").containsExactly(4318);
        // every caller named is a workload of the suite, by the label its pods carry
        Set<String> podNames = new HashSet<>();
        m.workloads().forEach(w -> podNames.add((String) get(w, "spec", "template", "metadata", "labels", "app.kubernetes.io/name")));
        allowed.values().forEach(callers -> assertThat(podNames).containsAll(callers));
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void everyServiceReadsTheInternalSecretFromTheSecretBatonInternalWhichKustomizeNeverCreates(String overlay) {
        Manifests m = rendered(overlay);
        // Kustomize cannot generate randomness: a Secret rendered here would hold a placeholder that every cluster shares.
        assertThat(m.find("Secret", "baton-internal")).as("baton-internal is created by hand (k8s/README.md)").isEmpty();
        int services = 0;
        for (Map<String, Object> w : m.workloads()) {
            for (Map<String, Object> c : containers(w)) {
                if (module(c) == null) continue;
                services++;
                String file = m.environment(c).get("BATON_INTERNAL_SECRET_FILE");
                assertThat(file).as(describe(w) + " BATON_INTERNAL_SECRET_FILE").isEqualTo("/run/baton/internal-secret");
                Map<String, Object> mount = list(c.get("volumeMounts")).stream()
                        .filter(v -> "/run/baton".equals(v.get("mountPath"))).findFirst()
                        .orElseThrow(() -> new AssertionError(describe(w) + " mounts nothing at /run/baton"));
                assertThat(mount.get("readOnly")).as(describe(w) + " mounts the secret read-only").isEqualTo(true);
                Map<String, Object> volume = list(get(w, "spec", "template", "spec", "volumes")).stream()
                        .filter(v -> mount.get("name").equals(v.get("name"))).findFirst().orElseThrow();
                assertThat(get(volume, "secret", "secretName")).as(describe(w) + " volume " + volume.get("name"))
                        .isEqualTo("baton-internal");
                assertThat(get(volume, "secret", "optional")).as(describe(w) + ": a pod without the secret must not start")
                        .isNotEqualTo(true);
            }
        }
        assertThat(services).isGreaterThanOrEqualTo(5);
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void secretsAndConfigMapsAreReferencedAndExist(String overlay) {
        Manifests m = rendered(overlay);
        Set<String> secretsUsed = new HashSet<>();
        Set<String> configMapsUsed = new HashSet<>();
        for (Map<String, Object> w : m.workloads()) {
            for (Map<String, Object> c : containers(w)) {
                for (Map<String, Object> from : list(c.get("envFrom"))) {
                    addIfPresent(configMapsUsed, get(from, "configMapRef", "name"));
                    addIfPresent(secretsUsed, get(from, "secretRef", "name"));
                }
                for (Map<String, Object> e : list(c.get("env"))) {
                    Object secret = get(e, "valueFrom", "secretKeyRef", "name");
                    if (secret != null) {
                        secretsUsed.add((String) secret);
                        Map<String, Object> s = m.find("Secret", (String) secret)
                                .orElseThrow(() -> new AssertionError(describe(w) + ": no Secret " + secret));
                        Object key = get(e, "valueFrom", "secretKeyRef", "key");
                        assertThat(map(s.get("stringData")).containsKey(key) || map(s.get("data")).containsKey(key))
                                .as(describe(w) + ": Secret " + secret + " has key " + key).isTrue();
                    }
                    addIfPresent(configMapsUsed, get(e, "valueFrom", "configMapKeyRef", "name"));
                }
            }
            m.environment(containers(w).get(0));   // fails on a missing ConfigMap or Secret
            for (Map<String, Object> v : list(get(w, "spec", "template", "spec", "volumes"))) {
                Object mounted = get(v, "configMap", "name");
                if (mounted != null) {
                    configMapsUsed.add((String) mounted);
                    assertThat(m.find("ConfigMap", (String) mounted)).as(describe(w) + " mounts ConfigMap " + mounted)
                            .isPresent();
                }
            }
        }
        assertThat(m.ofKind("Secret")).as("a Secret").isNotEmpty();
        assertThat(secretsUsed).as("Secrets referenced").containsExactlyInAnyOrderElementsOf(
                m.ofKind("Secret").stream().map(Manifests::name).toList());
        assertThat(configMapsUsed).as("ConfigMaps referenced").containsExactlyInAnyOrderElementsOf(
                m.ofKind("ConfigMap").stream().map(Manifests::name).toList());
        assertThat(workloadsUsingSecretFor(m, "BATON_DB_PASSWORD")).as("registry's DB password from the Secret")
                .contains("registry-service");
        assertThat(workloadsUsingSecretFor(m, "BATON_GATEWAY_APIKEYS")).as("gateway's API keys from the Secret")
                .contains("gateway-service");
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void everyContainerHasResourcesAndRunsAsNonRoot(String overlay) {
        for (Map<String, Object> w : rendered(overlay).workloads()) {
            Object podNonRoot = get(w, "spec", "template", "spec", "securityContext", "runAsNonRoot");
            for (Map<String, Object> c : containers(w)) {
                String at = describe(w) + " container " + c.get("name");
                for (String kind : List.of("requests", "limits")) {
                    assertThat(map(get(c, "resources", kind))).as(at + " resources." + kind)
                            .containsKeys("cpu", "memory");
                }
                Object nonRoot = get(c, "securityContext", "runAsNonRoot");
                assertThat(nonRoot != null ? nonRoot : podNonRoot).as(at + " runAsNonRoot").isEqualTo(true);
                assertThat(get(c, "securityContext", "allowPrivilegeEscalation")).as(at + " allowPrivilegeEscalation")
                        .isEqualTo(false);
                if (module(c) != null) {
                    assertThat((String) c.get("image")).as(at + " image is baton/<module>:<tag>")
                            .matches("baton/" + module(c) + ":[0-9][\\w.-]*");
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void theSchedulerMayReadAndScaleDeploymentsInItsNamespaceAndNothingElse(String overlay) {
        Manifests m = rendered(overlay);
        assertThat(m.ofKind("ClusterRole")).as("no cluster-wide permissions").isEmpty();
        assertThat(m.ofKind("ClusterRoleBinding")).as("no cluster-wide permissions").isEmpty();
        Map<String, Object> scheduler = schedulerDeployment(m);
        String account = (String) get(scheduler, "spec", "template", "spec", "serviceAccountName");
        assertThat(account).as("scheduler-service runs under its own ServiceAccount").isNotNull().isNotEqualTo("default");
        assertThat(m.find("ServiceAccount", account)).as("ServiceAccount " + account).isPresent();

        Set<String> resources = new HashSet<>();
        Map<String, Set<String>> verbs = new HashMap<>();
        for (Map<String, Object> binding : m.ofKind("RoleBinding")) {
            boolean bindsScheduler = list(binding.get("subjects")).stream().anyMatch(subject ->
                    "ServiceAccount".equals(subject.get("kind")) && account.equals(subject.get("name"))
                            && NAMESPACE.equals(subject.get("namespace")));
            if (!bindsScheduler) {
                continue;
            }
            assertThat(get(binding, "roleRef", "kind")).as(describe(binding) + " binds a Role").isEqualTo("Role");
            Map<String, Object> role = m.find("Role", (String) get(binding, "roleRef", "name"))
                    .orElseThrow(() -> new AssertionError(describe(binding) + ": no Role " + get(binding, "roleRef", "name")));
            for (Map<String, Object> rule : list(role.get("rules"))) {
                assertThat(Manifests.strings(rule.get("apiGroups"))).as(describe(role) + " API groups").containsOnly("apps");
                for (String resource : Manifests.strings(rule.get("resources"))) {
                    resources.add(resource);
                    verbs.computeIfAbsent(resource, r -> new HashSet<>()).addAll(Manifests.strings(rule.get("verbs")));
                }
            }
        }
        assertThat(resources).as("what the scheduler's account may touch: the worker Deployments' count")
                .containsExactlyInAnyOrder("deployments", "deployments/scale");
        assertThat(verbs.get("deployments")).as("the actuator reads a Deployment and merge-patches spec.replicas")
                .contains("get", "patch").doesNotContain("create", "delete", "deletecollection", "*");
        assertThat(verbs.get("deployments/scale")).contains("get", "patch", "update");
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void theSchedulersKubernetesActuatorScalesTheWorkerDeploymentsOfEachDeviceKind(String overlay) {
        Manifests m = rendered(overlay);
        Map<String, String> env = m.environment(containers(schedulerDeployment(m)).get(0));
        assertThat(env.get("BATON_SCHEDULER_ACTUATOR_KIND")).as("in Kubernetes the actuator is the Kubernetes one")
                .isEqualTo("kubernetes");
        String prefix = "BATON_SCHEDULER_ACTUATOR_KUBERNETES_DEPLOYMENTS_";
        Map<String, String> pools = new HashMap<>();
        env.forEach((key, value) -> {
            if (key.startsWith(prefix)) {
                pools.put(key.substring(prefix.length()).toLowerCase(java.util.Locale.ROOT), value);
            }
        });
        for (Map<String, Object> worker : workers(m)) {
            String kind = (String) get(worker, "metadata", "labels", "baton.io/device-kind");
            assertThat(kind).as(describe(worker) + " label baton.io/device-kind (the pool it is)").isNotNull();
            assertThat(pools.get(kind)).as(describe(worker) + " is the actuator's pool " + kind).isEqualTo(name(worker));
            int replicas = (Integer) get(worker, "spec", "replicas");
            String bounds = "BATON_SCHEDULER_ACTUATOR_POOLS_" + kind.toUpperCase(java.util.Locale.ROOT) + "_";
            int min = Integer.parseInt(env.getOrDefault(bounds + "MINREPLICAS", "1"));
            int max = Integer.parseInt(env.getOrDefault(bounds + "MAXREPLICAS", "8"));
            assertThat(replicas).as(describe(worker) + " starts within the pool's bounds [" + min + ", " + max + "]")
                    .isBetween(min, max);
        }
        assertThat(pools.values()).as("every pool's Deployment is rendered in " + overlay)
                .allSatisfy(name -> assertThat(workers(m)).extracting(Manifests::name).contains(name));
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void theGatewaysAndSchedulersExportTracesToTheTraceBackendInTheCluster(String overlay) {
        Manifests m = rendered(overlay);
        int exporters = 0;
        for (Map<String, Object> w : m.workloads()) {
            for (Map<String, Object> c : containers(w)) {
                String module = module(c);
                if (!"gateway-service".equals(module) && !"scheduler-service".equals(module)) continue;
                exporters++;
                String at = describe(w) + " BATON_OTLP_ENDPOINT";
                String endpoint = m.environment(c).get("BATON_OTLP_ENDPOINT");
                assertThat(endpoint).as(at + " (request traces over OTLP/HTTP)").isNotBlank();
                assertThat(config(module).accepts("BATON_OTLP_ENDPOINT")).as(module + " reads it").isTrue();
                URI url = URI.create(endpoint);
                assertThat(url.getScheme()).as(at).isEqualTo("http");
                assertThat(url.getPath()).as(at + ": OTLP/HTTP's trace path").isEqualTo("/v1/traces");
                Map<String, Object> service = m.find("Service", url.getHost())
                        .orElseThrow(() -> new AssertionError(at + "=" + endpoint + ": no Service " + url.getHost()));
                Map<String, Object> port = list(get(service, "spec", "ports")).stream()
                        .filter(p -> Integer.valueOf(url.getPort()).equals(p.get("port"))).findFirst()
                        .orElseThrow(() -> new AssertionError(at + "=" + endpoint + ": Service " + url.getHost()
                                + " has no port " + url.getPort()));
                List<Map<String, Object>> backends = m.selectedBy(map(get(service, "spec", "selector")));
                assertThat(backends).as(at + " reaches a workload").isNotEmpty();
                for (Map<String, Object> backend : backends) {
                    Map<String, Object> tempo = containers(backend).get(0);
                    assertThat(String.valueOf(tempo.get("image"))).as(describe(backend) + " is the trace backend")
                            .startsWith("grafana/tempo:");
                    Integer target = containerPort(tempo, port.getOrDefault("targetPort", port.get("port")));
                    assertThat(target).as(at + " lands on a port of " + describe(backend)).isNotNull();
                    String tempoConfig = mountedConfig(m, backend);
                    assertThat(tempoConfig).as(describe(backend) + "'s configuration receives OTLP/HTTP "
                            + "on the port the Service sends to").contains("endpoint: 0.0.0.0:" + target);
                    assertThat(yaml(tempoConfig)).as(describe(backend) + "'s configuration is compose's "
                            + "(deploy/tempo/tempo.yml)").isEqualTo(yaml(read(root.resolve("deploy/tempo/tempo.yml"))));
                }
            }
        }
        assertThat(exporters).as("gateway and both schedulers").isGreaterThanOrEqualTo(3);
    }

    @Test
    void theExternalPostgresComponentReplacesTheStatefulSet() throws Exception {
        // a kustomization may only name directories by relative paths: write it under target/
        Path dir = root.resolve("e2e-tests/target/kustomize-external-postgres");
        Files.createDirectories(dir);
        Path k8s = dir.relativize(root.resolve("k8s"));
        Files.writeString(dir.resolve("kustomization.yaml"), """
                apiVersion: kustomize.config.k8s.io/v1beta1
                kind: Kustomization
                resources:
                  - %s/overlays/cpu
                components:
                  - %s/components/external-postgres
                """.formatted(k8s, k8s));
        Manifests m = Kustomize.render(kubectl, dir);
        assertThat(m.ofKind("StatefulSet")).isEmpty();
        assertThat(m.find("Service", "postgres")).isEmpty();
        Map<String, Object> registry = m.find("Deployment", "registry-service").orElseThrow();
        String url = m.environment(containers(registry).get(0)).get("BATON_DB_URL");
        assertThat(URI.create(url.substring("jdbc:".length())).getHost()).as("BATON_DB_URL").contains(".");
    }

    // ---------------------------------------------------------------------------------------------------------

    private static Manifests rendered(String overlay) {
        return RENDERED.computeIfAbsent(overlay, o -> {
            try {
                return Kustomize.render(kubectl, root.resolve("k8s/overlays").resolve(o));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }

    private static ServiceConfiguration config(String module) {
        return CONFIG.computeIfAbsent(module, mod -> ServiceConfiguration.read(root, mod));
    }

    /** The module of the repository a container runs ({@code baton/worker-service:0.1.0-cuda}), or null. */
    private String module(Map<String, Object> container) {
        String image = String.valueOf(container.get("image")).replaceAll("[:@].*$", "");
        String last = image.substring(image.lastIndexOf('/') + 1);
        return image.contains("baton/") && Files.isDirectory(root.resolve(last).resolve("src/main")) ? last : null;
    }

    private static Object yaml(String text) {
        return new org.yaml.snakeyaml.Yaml(new org.yaml.snakeyaml.constructor.SafeConstructor(
                new org.yaml.snakeyaml.LoaderOptions())).load(text);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Every file of the ConfigMaps a workload mounts, as one text. */
    private static String mountedConfig(Manifests m, Map<String, Object> workload) {
        StringBuilder text = new StringBuilder();
        for (Map<String, Object> v : list(get(workload, "spec", "template", "spec", "volumes"))) {
            Object name = get(v, "configMap", "name");
            if (name == null) continue;
            m.find("ConfigMap", (String) name).ifPresent(cm -> map(cm.get("data")).values()
                    .forEach(file -> text.append(file).append('\n')));
        }
        return text.toString();
    }

    private Map<String, Object> schedulerDeployment(Manifests m) {
        return m.ofKind("Deployment").stream()
                .filter(w -> containers(w).stream().anyMatch(c -> "scheduler-service".equals(module(c))))
                .findFirst().orElseThrow(() -> new AssertionError("no scheduler-service Deployment"));
    }

    private List<Map<String, Object>> workers(Manifests m) {
        return m.ofKind("Deployment").stream()
                .filter(w -> containers(w).stream().anyMatch(c -> "worker-service".equals(module(c)))).toList();
    }

    private List<String> workloadsUsingSecretFor(Manifests m, String key) {
        return m.workloads().stream().filter(w -> containers(w).stream()
                        .anyMatch(c -> String.valueOf(m.environment(c).get(key)).startsWith("secret:")))
                .map(Manifests::name).toList();
    }

    /** A value with its $(VAR) references replaced by those variables' values. */
    private static String resolvesTo(Map<String, String> env, String value) {
        Matcher r = ENV_REFERENCE.matcher(value);
        StringBuilder out = new StringBuilder();
        while (r.find()) {
            r.appendReplacement(out, Matcher.quoteReplacement(env.getOrDefault(r.group(1), r.group())));
        }
        return r.appendTail(out).toString();
    }

    private static void addIfPresent(Set<String> set, Object name) {
        if (name != null) {
            set.add((String) name);
        }
    }

    private static String describe(Map<String, Object> o) {
        return o.get("kind") + " " + name(o);
    }

    private static Path repositoryRoot() {
        String property = System.getProperty("baton.root");
        Path candidate = property != null ? Path.of(property) : Path.of("").toAbsolutePath().getParent();
        if (candidate != null && Files.isDirectory(candidate.resolve("k8s"))) {
            return candidate.toAbsolutePath().normalize();
        }
        return Path.of("").toAbsolutePath();
    }
}
