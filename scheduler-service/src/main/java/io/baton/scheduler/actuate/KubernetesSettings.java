package io.baton.scheduler.actuate;

import java.util.Map;

/**
 * The Kubernetes actuator ({@code baton.scheduler.actuator.kubernetes.*}).
 *
 * @param namespace   namespace of the worker Deployments (none: the client's, in a pod its own namespace)
 * @param deployments pool → Deployment (none: {@code cpu → worker-cpu}, {@code gpu → worker-gpu}, as in k8s/);
 *                    only these pools are managed
 * @param masterUrl   API server (none: in-cluster configuration from the pod's service account, else
 *                    ~/.kube/config)
 */
public record KubernetesSettings(String namespace, Map<String, String> deployments, String masterUrl) {

    public KubernetesSettings {
        namespace = namespace == null || namespace.isBlank() ? null : namespace.strip();
        deployments = deployments == null || deployments.isEmpty()
                ? Map.of("cpu", "worker-cpu", "gpu", "worker-gpu") : Map.copyOf(deployments);
        masterUrl = masterUrl == null || masterUrl.isBlank() ? null : masterUrl.strip();
    }
}
