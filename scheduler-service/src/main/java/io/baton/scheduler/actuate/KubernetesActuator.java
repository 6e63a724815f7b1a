package io.baton.scheduler.actuate;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.RollableScalableResource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;

/**
 * Scales the worker Deployments of k8s/ ({@code worker-cpu}, {@code worker-gpu}: one pool per device kind) through
 * the Kubernetes API (fabric8 kubernetes-client). A scaling is one JSON merge patch of the Deployment that sets
 * {@code spec.replicas} and records why in the annotations {@code baton.io/scale-reason} and
 * {@code baton.io/scaled-at}, so {@code kubectl describe} shows who changed the count and for what. Annotations on
 * the Deployment (not on its pod template) start no rollout.
 *
 * <p>Reading a pool is one GET of its Deployment: {@code spec.replicas} is the desired count, {@code
 * status.readyReplicas} the current one. The service account needs get and patch on deployments in the namespace
 * (k8s/base/scheduler-rbac.yaml). Every failure of the API server (refused, forbidden, not found, unreachable) is an
 * {@link ActuatorException} naming the Deployment and the status.
 */
public final class KubernetesActuator implements Actuator {

    static final String REASON_ANNOTATION = "baton.io/scale-reason";
    static final String SCALED_AT_ANNOTATION = "baton.io/scaled-at";
    /** Far below the API server's 256 KiB for all annotations; a reason is one line. */
    private static final int MAX_REASON = 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KubernetesClient client;
    private final String namespace;
    private final Map<String, String> deployments;
    private final Clock clock;

    /**
     * @param client      a client for the API server
     * @param namespace   where the Deployments are
     * @param deployments pool → Deployment name
     */
    public KubernetesActuator(KubernetesClient client, String namespace, Map<String, String> deployments, Clock clock) {
        if (namespace == null || namespace.isBlank()) {
            throw new IllegalArgumentException("the Kubernetes actuator needs a namespace: set "
                    + "baton.scheduler.actuator.kubernetes.namespace, or run in a pod (its own namespace is used)");
        }
        if (deployments.isEmpty()) {
            throw new IllegalArgumentException("baton.scheduler.actuator.kubernetes.deployments names no Deployment");
        }
        this.client = client;
        this.namespace = namespace;
        this.deployments = Map.copyOf(new TreeMap<>(deployments));
        this.clock = clock;
    }

    @Override
    public String kind() {
        return ActuatorProperties.KUBERNETES;
    }

    @Override
    public List<String> pools() {
        return deployments.keySet().stream().sorted().toList();
    }

    public String namespace() {
        return namespace;
    }

    @Override
    public PoolReading read(String pool) {
        String name = deployment(pool);
        Deployment d;
        try {
            d = resource(name).get();
        } catch (KubernetesClientException e) {
            throw failure("read", name, e);
        }
        if (d == null) {
            throw new ActuatorException("deployment " + namespace + "/" + name + " not found");
        }
        // An absent spec.replicas means 1 (the API server's default); an absent readyReplicas means none ready.
        Integer desired = d.getSpec() == null || d.getSpec().getReplicas() == null ? 1 : d.getSpec().getReplicas();
        Integer ready = d.getStatus() == null ? null : d.getStatus().getReadyReplicas();
        return new PoolReading(desired, ready == null ? 0 : ready, "deployment " + namespace + "/" + name, true);
    }

    @Override
    public void scale(String pool, int replicas, String reason) {
        String name = deployment(pool);
        ObjectNode patch = JSON.createObjectNode();
        ObjectNode annotations = patch.putObject("metadata").putObject("annotations");
        String oneLine = reason == null ? "" : reason.replaceAll("\\s+", " ").strip();
        annotations.put(REASON_ANNOTATION, oneLine.length() > MAX_REASON ? oneLine.substring(0, MAX_REASON) : oneLine);
        annotations.put(SCALED_AT_ANNOTATION, clock.instant().toString());
        patch.putObject("spec").put("replicas", replicas);
        try {
            resource(name).patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
        } catch (KubernetesClientException e) {
            throw failure("scale", name, e);
        }
    }

    private RollableScalableResource<Deployment> resource(String name) {
        return client.apps().deployments().inNamespace(namespace).withName(name);
    }

    private String deployment(String pool) {
        String name = deployments.get(pool);
        if (name == null) {
            throw new ActuatorException("no Deployment for pool '" + pool + "' (pools: " + String.join(", ", pools()) + ")");
        }
        return name;
    }

    private ActuatorException failure(String what, String name, KubernetesClientException e) {
        String status = e.getCode() > 0 ? "HTTP " + e.getCode() + ": " : "";
        String message = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
                : e.getMessage();
        // Without an answer from the server (refused, timed out, TLS) the client's message only says the operation
        // failed: the root cause says why.
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String cause = e.getCode() > 0 || root == e ? "" : " (" + root + ")";
        return new ActuatorException("cannot " + what + " deployment " + namespace + "/" + name + ": " + status
                + (message == null ? e.getClass().getSimpleName() : message.replaceAll("\\s+", " ")) + cause, e);
    }
}
