package io.baton.gateway.registry;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import io.baton.commons.tensor.TensorSpec;
import io.baton.core.domain.ApplicationKind;

/**
 * An application as the registry's hot read ({@code GET /v1/applications/{name}}) gives it, with the variants
 * sorted by stage, then name.
 *
 * @param classes the labels of the classes its outputs score, by index (empty: none declared); the classification
 *                extension answers them
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ApplicationDefinition(String name, String kind, String policy, JsonNode policyParams, double sloMs,
                                    List<TensorSpec> inputs, List<TensorSpec> outputs,
                                    List<VariantDefinition> variants, List<String> classes) {

    @JsonCreator
    public ApplicationDefinition {
        classes = classes == null ? List.of() : List.copyOf(classes);
        policyParams = policyParams == null || policyParams.isNull() ? JsonNodeFactory.instance.objectNode()
                : policyParams;
        inputs = inputs == null ? List.of() : List.copyOf(inputs);
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
        variants = variants == null ? List.of() : variants.stream()
                .sorted(Comparator.comparingInt(VariantDefinition::stage).thenComparing(VariantDefinition::name))
                .toList();
    }

    public ApplicationDefinition(String name, String kind, String policy, JsonNode policyParams, double sloMs,
                                 List<TensorSpec> inputs, List<TensorSpec> outputs, List<VariantDefinition> variants) {
        this(name, kind, policy, policyParams, sloMs, inputs, outputs, variants, null);
    }

    public ApplicationKind applicationKind() {
        try {
            return ApplicationKind.valueOf(kind == null ? "SINGLE" : kind.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return ApplicationKind.SINGLE;
        }
    }

    public Optional<VariantDefinition> variant(String variantName) {
        return variants.stream().filter(v -> v.name().equals(variantName)).findFirst();
    }

    public List<String> variantNames() {
        return variants.stream().map(VariantDefinition::name).toList();
    }

    /** The variants of each stage, stages ascending, each stage's variants by name. */
    public List<List<VariantDefinition>> stages() {
        TreeMap<Integer, List<VariantDefinition>> byStage = new TreeMap<>();
        for (VariantDefinition v : variants) {
            byStage.computeIfAbsent(v.stage(), s -> new ArrayList<>()).add(v);
        }
        return List.copyOf(byStage.values());
    }

    /**
     * The inputs a client sends: the application's declared ones, or where it declares none, those of
     * {@code variant} (or of the first variant of the first stage).
     */
    public List<TensorSpec> clientInputs(VariantDefinition variant) {
        if (!inputs.isEmpty()) {
            return inputs;
        }
        VariantDefinition v = variant != null ? variant : variants.isEmpty() ? null : variants.get(0);
        return v == null ? List.of() : v.inputs();
    }

    /**
     * The outputs a client receives: the application's declared ones, or where it declares none, those of
     * {@code variant} (or of the first variant of the last stage).
     */
    public List<TensorSpec> clientOutputs(VariantDefinition variant) {
        if (!outputs.isEmpty()) {
            return outputs;
        }
        VariantDefinition v = variant;
        if (v == null && !variants.isEmpty()) {
            List<List<VariantDefinition>> stages = stages();
            v = stages.get(stages.size() - 1).get(0);
        }
        return v == null ? List.of() : v.outputs();
    }
}
