package io.baton.gateway.edge;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * How the gateway protects itself from its clients, bound from {@code baton.gateway.edge.*}: bodies read within a
 * bounded time and at a minimum rate, a bounded number of bodies read at once, requests in flight per client address,
 * and the management port that alone serves actuator's {@code info} and {@code prometheus}.
 *
 * @param managementPort       the port of the second connector that serves {@code /actuator/**} (and nothing else);
 *                             the public port serves only {@code /actuator/health/**} of it (default 9080; 0: any
 *                             free port, for tests)
 * @param managementThreads    threads of the management connector, its own, so that probes and scrapes never wait
 *                             behind the public port's requests (default 8)
 * @param body                 the limits on reading request bodies
 * @param maxRequestsPerClient requests in flight at once from one client address (health probes not counted);
 *                             past it a request is refused at once with 429 (default 256)
 */
@ConfigurationProperties(prefix = "baton.gateway.edge")
public record EdgeProperties(Integer managementPort, Integer managementThreads, Body body,
                             Integer maxRequestsPerClient) {

    public EdgeProperties {
        if (managementPort == null) {
            managementPort = 9080;
        }
        if (managementPort < 0 || managementPort > 65535) {
            throw new IllegalArgumentException("baton.gateway.edge.management-port must be a port (0 for any free "
                    + "one), not " + managementPort);
        }
        if (managementThreads == null) {
            managementThreads = 8;
        }
        if (managementThreads < 1) {
            throw new IllegalArgumentException("baton.gateway.edge.management-threads must be at least 1, not "
                    + managementThreads);
        }
        if (body == null) {
            body = new Body(null, null, null, null, null, null);
        }
        if (maxRequestsPerClient == null) {
            maxRequestsPerClient = 256;
        }
        if (maxRequestsPerClient < 1) {
            throw new IllegalArgumentException("baton.gateway.edge.max-requests-per-client must be at least 1, not "
                    + maxRequestsPerClient);
        }
    }

    /**
     * @param minRate              the least average rate a body must arrive at, counted from its first read, once
     *                             {@code rateGrace} has passed (default 64KB per second)
     * @param rateGrace            how long a body may arrive at any rate (default 2 s)
     * @param maxReadTime          the longest any body may take (default 5 min); an inference body also has its
     *                             application's SLO (never less than {@code rateGrace})
     * @param stallTimeout         the longest one read may wait for the next bytes (Tomcat's
     *                             {@code connectionUploadTimeout}; default 5 s)
     * @param maxConcurrentReads   bodies read at once, all clients together; past it a request with a body is
     *                             refused at once with 503 and {@code Retry-After} (default 128)
     * @param maxConcurrentReadsPerClient bodies read at once from one client address; past it 429 (default 32)
     */
    public record Body(DataSize minRate, Duration rateGrace, Duration maxReadTime, Duration stallTimeout,
                       Integer maxConcurrentReads, Integer maxConcurrentReadsPerClient) {
        public Body {
            if (minRate == null) {
                minRate = DataSize.ofKilobytes(64);
            }
            if (rateGrace == null) {
                rateGrace = Duration.ofSeconds(2);
            }
            if (maxReadTime == null) {
                maxReadTime = Duration.ofMinutes(5);
            }
            if (stallTimeout == null) {
                stallTimeout = Duration.ofSeconds(5);
            }
            if (maxConcurrentReads == null) {
                maxConcurrentReads = 128;
            }
            if (maxConcurrentReadsPerClient == null) {
                maxConcurrentReadsPerClient = 32;
            }
            if (minRate.isNegative() || rateGrace.isNegative() || maxReadTime.isZero() || maxReadTime.isNegative()
                    || stallTimeout.isZero() || stallTimeout.isNegative()) {
                throw new IllegalArgumentException("baton.gateway.edge.body: min-rate and rate-grace must not be "
                        + "negative, max-read-time and stall-timeout must be positive");
            }
            if (maxConcurrentReads < 1 || maxConcurrentReadsPerClient < 1) {
                throw new IllegalArgumentException("baton.gateway.edge.body.max-concurrent-reads and "
                        + "max-concurrent-reads-per-client must be at least 1");
            }
        }
    }
}
