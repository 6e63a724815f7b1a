package io.baton.cli.bench.live;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a variant of an application takes, read from the registry's JSON ({@code GET /v1/applications/{name}}): its
 * inputs as a client sends them and whether it batches along axis 0.
 *
 * <p>Shapes: the variant's declared specs fix the model's free dimensions, and where the variant leaves one free the
 * application's spec at the same position may fix it (the gateway checks requests against both). Names: the
 * application's when it declares its inputs (the gateway renames them to the model's by position), else the
 * variant's. {@code maxBatchSize}: as the variant states it; a variant JSON without the field (an older registry) is
 * batchable, as every variant was then.
 *
 * @param maxBatchSize 0: the model does not batch (each request runs alone, its tensors as sent); N ≥ 1: batches of
 *                     up to N along axis 0; null: not stated (batchable, capped by the largest profiled batch)
 * @param inputValues  the variant's {@code inputValues} (by the model's input name, as text): the value every element
 *                     of that input takes in generated requests unless {@code --input-values} gives another
 */
public record DeclaredInputs(String variant, List<DeclaredInput> inputs, Integer maxBatchSize, Map<String, String> inputValues) {
    public DeclaredInputs {
        inputs = List.copyOf(inputs);
        inputValues = inputValues == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(inputValues));
    }

    public DeclaredInputs(String variant, List<DeclaredInput> inputs, Integer maxBatchSize) {
        this(variant, inputs, maxBatchSize, Map.of());
    }

    public boolean batchable() {
        return maxBatchSize == null || maxBatchSize >= 1;
    }

    /** The inputs of {@code variant} (an element of the application's {@code variants}) of {@code application}. */
    public static DeclaredInputs of(JsonNode application, JsonNode variant) {
        String variantName = variant.path("name").asText();
        JsonNode own = variant.path("inputs"), declared = application.path("inputs");
        JsonNode names = declared.size() > 0 ? declared : own;
        if (names.size() == 0) {
            throw new IllegalArgumentException("--app: neither application " + application.path("name").asText() + " nor its variant "
                    + variantName + " declares inputs, so there is nothing to generate requests from");
        }
        if (own.size() > 0 && declared.size() > 0 && own.size() != declared.size()) {
            throw new IllegalArgumentException("--app: application " + application.path("name").asText() + " declares " + declared.size()
                    + " inputs but its variant " + variantName + " takes " + own.size());
        }
        List<DeclaredInput> inputs = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            JsonNode v = own.size() > 0 ? own.get(i) : declared.get(i);
            JsonNode a = declared.size() > 0 ? declared.get(i) : own.get(i);
            long[] shape = merged(v.path("shape"), a.path("shape"));
            inputs.add(new DeclaredInput(names.get(i).path("name").asText(), v.path("name").asText(), v.path("datatype").asText(), shape));
        }
        JsonNode max = variant.path("maxBatchSize");
        Map<String, String> values = new LinkedHashMap<>();
        variant.path("inputValues").fields().forEachRemaining(e -> {
            JsonNode v = e.getValue();
            // 8000.0 is the registry's valid INT64 8000: written as an integer, which every numeric datatype parses
            boolean whole = v.isNumber() && v.decimalValue().stripTrailingZeros().scale() <= 0;
            if (v.isValueNode() && !v.isNull()) values.put(e.getKey(), whole ? v.decimalValue().toBigInteger().toString() : v.asText());
        });
        return new DeclaredInputs(variantName, inputs, max.isIntegralNumber() ? max.asInt() : null, values);
    }

    /** The variant's dimensions, each one it leaves free taken from the application's where that has the same rank and fixes it. */
    private static long[] merged(JsonNode variant, JsonNode application) {
        long[] shape = new long[variant.size()];
        for (int k = 0; k < shape.length; k++) {
            shape[k] = variant.get(k).asLong();
            if (shape[k] < 0 && application.size() == shape.length && application.get(k).asLong() >= 0) shape[k] = application.get(k).asLong();
        }
        return shape;
    }
}
