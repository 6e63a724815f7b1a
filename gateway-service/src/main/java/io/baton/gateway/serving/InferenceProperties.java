package io.baton.gateway.serving;

import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * How an inference request is read, bound from {@code baton.gateway.*}.
 *
 * @param maxInferRequestSize  largest inference request body; larger is 413
 * @param priorityDefaultLevel the Triton priority level that maps to Baton's default priority 0; see
 *                             {@link PriorityMapping}
 */
@Validated
@ConfigurationProperties(prefix = "baton.gateway")
public record InferenceProperties(
        @DefaultValue("64MB") DataSize maxInferRequestSize,
        @DefaultValue("5") @Min(1) int priorityDefaultLevel) {

    public InferenceProperties {
        if (maxInferRequestSize.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.gateway.max-infer-request-size must be > 0, not "
                    + maxInferRequestSize);
        }
    }
}
