package io.baton.gateway.admission;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Admission control of inference requests ({@link AdmissionControl}), bound from {@code baton.gateway.admission.*}:
 * past capacity, the excess is refused at once (503, reason {@code overloaded}, {@code Retry-After: 1}) instead of
 * waiting to be served late.
 *
 * @param enabled        false lets every request in
 * @param maxInFlight    inference requests in flight in the gateway at once, all applications together; each
 *                       application's own limit starts here (keep it below {@code server.tomcat.threads.max} less
 *                       {@code baton.gateway.edge.body.max-concurrent-reads}, so that a refusal is never queued behind
 *                       the requests it protects)
 * @param minInFlight    no application's limit falls below this
 * @param targetMissRate the share of an application's answers in a window that may be misses (dropped by the policy or
 *                       for the deadline, or timed out) before its limit falls; in [0, 1)
 */
@Validated
@ConfigurationProperties(prefix = "baton.gateway.admission")
public record AdmissionProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("224") @Min(1) int maxInFlight,
        @DefaultValue("8") @Min(1) int minInFlight,
        @DefaultValue("0.05") @DecimalMin("0") @DecimalMax(value = "1", inclusive = false) double targetMissRate) {
}
