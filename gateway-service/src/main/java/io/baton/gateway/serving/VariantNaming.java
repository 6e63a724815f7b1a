package io.baton.gateway.serving;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorSpec;
import io.baton.gateway.GatewayException;
import io.baton.gateway.registry.VariantDefinition;

/**
 * A variant's tensors fit its application's by position, not by name (the registry checks exactly that), so a
 * client speaks the application's names and the scheduler the variant's. This maps between the two; where either
 * side declares nothing, or the counts differ, names pass unchanged.
 */
final class VariantNaming {

    private VariantNaming() {
    }

    /** Client inputs (in the application's order) renamed to the variant's inputs, by position. */
    static List<Tensor> inputsFor(VariantDefinition variant, List<Tensor> inputs) {
        if (variant == null || variant.inputs().size() != inputs.size()) {
            return inputs;
        }
        List<Tensor> renamed = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            renamed.add(inputs.get(i).renamed(variant.inputs().get(i).name()));
        }
        return renamed;
    }

    /** The variant's names for the outputs a client asked for by its names (null: all of them). */
    static List<String> outputsFor(VariantDefinition variant, List<TensorSpec> clientOutputs, List<String> requested) {
        if (requested == null || variant == null || !mapped(variant, clientOutputs)) {
            return requested;
        }
        List<String> names = new ArrayList<>(requested.size());
        for (String r : requested) {
            int i = indexOf(clientOutputs, r);
            names.add(i < 0 ? r : variant.outputs().get(i).name());
        }
        return names;
    }

    /**
     * A variant's answered outputs renamed to the client's names and reduced to those asked for (all when null), in
     * the order asked; an output asked for and missing from the answer is the scheduler's fault (502).
     */
    static List<Tensor> clientOutputs(VariantDefinition variant, List<TensorSpec> clientOutputs, List<Tensor> answered,
                                      List<String> requested) {
        Map<String, Tensor> byClientName = new LinkedHashMap<>();
        boolean mapped = variant != null && mapped(variant, clientOutputs);
        for (Tensor t : answered) {
            int i = mapped ? indexOf(variant.outputs(), t.name()) : -1;
            Tensor named = i < 0 ? t : t.renamed(clientOutputs.get(i).name());
            byClientName.put(named.name(), named);
        }
        if (requested == null) {
            return List.copyOf(byClientName.values());
        }
        List<Tensor> out = new ArrayList<>(requested.size());
        for (String r : requested) {
            Tensor t = byClientName.get(r);
            if (t == null) {
                throw GatewayException.badGateway("scheduler-failed", "the answer of variant "
                        + (variant == null ? "?" : variant.name()) + " lacks output '" + r + "' (it has "
                        + byClientName.keySet() + ")");
            }
            out.add(t);
        }
        return out;
    }

    private static boolean mapped(VariantDefinition variant, List<TensorSpec> clientOutputs) {
        return !clientOutputs.isEmpty() && variant.outputs().size() == clientOutputs.size();
    }

    static int indexOf(List<TensorSpec> specs, String name) {
        for (int i = 0; i < specs.size(); i++) {
            if (specs.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
