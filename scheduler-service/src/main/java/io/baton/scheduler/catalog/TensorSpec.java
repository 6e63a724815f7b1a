package io.baton.scheduler.catalog;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** A tensor a variant takes or gives, as the registry stores it: OIP datatype, shape with -1 for a free dimension. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TensorSpec(String name, String datatype, List<Long> shape) {
}
