package io.baton.registry.web;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Free-form JSON the registry stores and hands on (policy parameters, plans) must hold finite numbers only: a JSON
 * number such as {@code 1e999} reads as infinity and would be stored, and served, as the string "Infinity".
 */
public final class FiniteJson {

    private FiniteJson() {
    }

    /** Refuses {@code node} (at JSON path {@code path}) when any number in it is not finite, naming where. */
    public static void require(String path, JsonNode node) {
        if (node == null) return;
        if (node.isNumber() && !Double.isFinite(node.doubleValue())) {
            throw ApiException.invalid(path, path + " must be a finite number, got "
                    + (Double.isNaN(node.doubleValue()) ? "NaN" : node.doubleValue() > 0 ? "Infinity" : "-Infinity"));
        }
        if (node.isObject()) {
            node.fields().forEachRemaining(f -> require(path + "." + f.getKey(), f.getValue()));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) require(path + "[" + i + "]", node.get(i));
        }
    }
}
