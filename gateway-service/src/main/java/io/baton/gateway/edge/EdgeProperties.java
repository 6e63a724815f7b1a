package io.baton.gateway.edge;

import java.time.Duration;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * How the gateway protects itself from its clients, bound from {@code baton.gateway.edge.*}: bodies read within a
 * bounded time and at a minimum rate, a bounded number of bodies read at once, requests in flight per client address,
 * and the management port that alone serves actuator's {@code info} and {@code prometheus}.
 *
 * @param managementPort       the port of the second connector that serves {@code /actuator/**} (and nothing else);
 *                             the public port serves only {@code /actuator/health/**} of it (0: any free port, for
 *                             tests)
 * @param managementThreads    threads of the management connector, its own, so that probes and scrapes never wait
 *                             behind the public port's requests
 * @param body                 the limits on reading request bodies
 * @param maxRequestsPerClient requests in flight at once from one client address (health probes not counted);
 *                             past it a request is refused at once with 429
 */
@Validated
@ConfigurationProperties(prefix = "baton.gateway.edge")
public record EdgeProperties(
        @DefaultValue("9080") @Min(0) @Max(65535) int managementPort,
        @DefaultValue("8") @Min(1) int managementThreads,
        @DefaultValue @Valid Body body,
        @DefaultValue("256") @Min(1) int maxRequestsPerClient) {

    /**
     * @param minRate              the least average rate a body must arrive at, counted from its first read, once
     *                             {@code rateGrace} has passed (per second)
     * @param rateGrace            how long a body may arrive at any rate
     * @param maxReadTime          the longest any body may take; an inference body also has its application's SLO
     *                             (never less than {@code rateGrace})
     * @param stallTimeout         the longest one read may wait for the next bytes (Tomcat's
     *                             {@code connectionUploadTimeout})
     * @param maxConcurrentReads   bodies read at once, all clients together; past it a request with a body is
     *                             refused at once with 503 and {@code Retry-After}
     * @param maxConcurrentReadsPerClient bodies read at once from one client address; past it 429
     */
    public record Body(
            @DefaultValue("64KB") DataSize minRate,
            @DefaultValue("2s") @DurationMin(nanos = 0) Duration rateGrace,
            @DefaultValue("5m") @DurationMin(nanos = 0, inclusive = false) Duration maxReadTime,
            @DefaultValue("5s") @DurationMin(nanos = 0, inclusive = false) Duration stallTimeout,
            @DefaultValue("128") @Min(1) int maxConcurrentReads,
            @DefaultValue("32") @Min(1) int maxConcurrentReadsPerClient) {

        public Body {
            if (minRate.isNegative()) {
                throw new IllegalArgumentException("baton.gateway.edge.body.min-rate must not be negative, not "
                        + minRate);
            }
        }
    }
}
