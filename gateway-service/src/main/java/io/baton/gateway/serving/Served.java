package io.baton.gateway.serving;

import java.util.List;
import java.util.Map;

import io.baton.commons.tensor.Tensor;

/**
 * What serving one request produced: the outputs under the client's names, the version to report as
 * {@code model_version} (null: none), and Baton's extras for the response's {@code parameters}.
 */
public record Served(List<Tensor> outputs, String modelVersion, Map<String, Object> parameters) {
}
