package io.baton.e2e.deploy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The objects of one rendered kustomization, with the few navigations the checks need. Objects are SnakeYAML maps;
 * {@link #get} walks them and answers null for a missing path.
 */
record Manifests(List<Map<String, Object>> objects) {

    List<Map<String, Object>> ofKind(String kind) {
        return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
    }

    Optional<Map<String, Object>> find(String kind, String name) {
        return ofKind(kind).stream().filter(o -> name.equals(name(o))).findFirst();
    }

    /** Deployments and StatefulSets: everything that runs pods. */
    List<Map<String, Object>> workloads() {
        return objects.stream().filter(o -> "Deployment".equals(o.get("kind")) || "StatefulSet".equals(o.get("kind")))
                .toList();
    }

    /** The workloads whose pod template carries every label of the selector (none for an empty selector). */
    List<Map<String, Object>> selectedBy(Map<String, Object> selector) {
        if (selector == null || selector.isEmpty()) {
            return List.of();
        }
        return workloads().stream().filter(w -> {
            Map<String, Object> labels = map(get(w, "spec", "template", "metadata", "labels"));
            return selector.entrySet().stream().allMatch(e -> Objects.equals(labels.get(e.getKey()), e.getValue()));
        }).toList();
    }

    static String name(Map<String, Object> o) {
        return (String) get(o, "metadata", "name");
    }

    static List<Map<String, Object>> containers(Map<String, Object> workload) {
        return list(get(workload, "spec", "template", "spec", "containers"));
    }

    /**
     * A container's environment as Kubernetes assembles it: envFrom ConfigMaps and Secrets first, then env, which
     * wins. Values are the literal, the ConfigMap's value, or a description of the reference ({@code secret:n/k},
     * {@code field:status.podIP}).
     */
    Map<String, String> environment(Map<String, Object> container) {
        Map<String, String> env = new LinkedHashMap<>();
        for (Map<String, Object> from : list(container.get("envFrom"))) {
            String cm = (String) get(from, "configMapRef", "name");
            String secret = (String) get(from, "secretRef", "name");
            if (cm != null) {
                map(get(find("ConfigMap", cm).orElseThrow(() -> new AssertionError("no ConfigMap " + cm)), "data"))
                        .forEach((k, v) -> env.put(k, String.valueOf(v)));
            }
            if (secret != null) {
                Map<String, Object> s = find("Secret", secret).orElseThrow(() -> new AssertionError("no Secret " + secret));
                map(s.get("data")).keySet().forEach(k -> env.put(k, "secret:" + secret + "/" + k));
                map(s.get("stringData")).keySet().forEach(k -> env.put(k, "secret:" + secret + "/" + k));
            }
        }
        for (Map<String, Object> e : list(container.get("env"))) {
            String key = (String) e.get("name");
            if (e.containsKey("value")) {
                env.put(key, String.valueOf(e.get("value")));
            } else if (get(e, "valueFrom", "configMapKeyRef") != null) {
                String cm = (String) get(e, "valueFrom", "configMapKeyRef", "name");
                String k = (String) get(e, "valueFrom", "configMapKeyRef", "key");
                env.put(key, String.valueOf(get(find("ConfigMap", cm).orElseThrow(), "data", k)));
            } else if (get(e, "valueFrom", "secretKeyRef") != null) {
                env.put(key, "secret:" + get(e, "valueFrom", "secretKeyRef", "name") + "/"
                        + get(e, "valueFrom", "secretKeyRef", "key"));
            } else if (get(e, "valueFrom", "fieldRef") != null) {
                env.put(key, "field:" + get(e, "valueFrom", "fieldRef", "fieldPath"));
            } else {
                env.put(key, "ref:" + e.get("valueFrom"));
            }
        }
        return env;
    }

    /** The containerPort a probe's or Service's port (a number or a port name) designates, or null. */
    static Integer containerPort(Map<String, Object> container, Object port) {
        for (Map<String, Object> p : list(container.get("ports"))) {
            if (Objects.equals(p.get("name"), port) || Objects.equals(p.get("containerPort"), port)) {
                return (Integer) p.get("containerPort");
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    static Object get(Object node, String... path) {
        for (String key : path) {
            if (!(node instanceof Map<?, ?> m)) {
                return null;
            }
            node = ((Map<String, Object>) m).get(key);
        }
        return node;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Object o) {
        return o instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
    }

    /** A YAML list of scalars (an RBAC rule's apiGroups, resources, verbs) as strings; empty when absent. */
    static List<String> strings(Object o) {
        return o instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }
}
