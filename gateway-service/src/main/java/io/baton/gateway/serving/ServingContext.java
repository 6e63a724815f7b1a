package io.baton.gateway.serving;

import java.util.List;

import io.baton.commons.tensor.Tensor;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;

/**
 * One validated request on its way to the scheduler.
 *
 * @param version   the variant named in the path ({@code /versions/{v}}), or null
 * @param inputs    the client's inputs, validated and in the application's order, under the application's names
 * @param requested the outputs the client asked for, by the application's names; null for all
 * @param priority  already in Baton's convention
 */
public record ServingContext(ApplicationDefinition application, VariantDefinition version, List<Tensor> inputs,
                             List<String> requested, Deadline deadline, int priority) {
}
