package io.baton.cli.suite;

import io.baton.cli.zoo.Manifest;
import io.baton.core.policy.PolicyIds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the zoo's demo applications are registered: the registry body of each, and its variants with their pipeline
 * stage. Policies by kind: {@code symphony} for the single-model application (the policy the live scheduler runs
 * first), {@code schemble} for the ensemble and {@code ipa} for the pipeline (their papers' policies, each live in the
 * scheduler). Deadlines leave room for the HTTP hops on a small CPU
 * machine: an ensemble or a pipeline makes several scheduler round trips per request.
 */
public final class DemoApplications {
    private DemoApplications() {}

    /** One variant of an application: the zoo model it runs and its stage (0 unless a pipeline). */
    public record VariantRef(String name, int stage) {}

    public static String policy(String kind) {
        return switch (kind) {
            case "single" -> PolicyIds.SYMPHONY;
            case "ensemble" -> PolicyIds.SCHEMBLE;
            case "pipeline" -> PolicyIds.IPA;
            default -> throw new IllegalArgumentException("manifest: unknown application kind '" + kind + "'");
        };
    }

    public static double sloMs(String kind) {
        return kind.equals("single") ? 100 : 200;
    }

    /** The body of {@code POST /v1/applications} for a manifest application. */
    public static Map<String, Object> body(Manifest.App app, List<String> classes) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", app.name());
        body.put("kind", app.kind());
        body.put("policy", policy(app.kind()));
        body.put("sloMs", sloMs(app.kind()));
        body.put("inputs", List.of(app.input()));
        body.put("outputs", List.of(app.output()));
        body.put("classes", classes);
        return body;
    }

    /** The application's variants: its models, its base models, or its stages' models (stages counted from 0). */
    public static List<VariantRef> variants(Manifest.App app) {
        List<VariantRef> refs = new ArrayList<>();
        switch (app.kind()) {
            case "single" -> app.variants().forEach(v -> refs.add(new VariantRef(v, 0)));
            case "ensemble" -> app.baseModels().forEach(v -> refs.add(new VariantRef(v, 0)));
            case "pipeline" -> app.stages().forEach(s -> s.variants().forEach(v -> refs.add(new VariantRef(v, s.index() - 1))));
            default -> throw new IllegalArgumentException("manifest: unknown application kind '" + app.kind() + "'");
        }
        return refs;
    }
}
