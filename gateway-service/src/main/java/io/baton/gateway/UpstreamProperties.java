package io.baton.gateway;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The services behind the gateway, bound from {@code baton.gateway.*}: where they are, how long a call to each may
 * take, and how long an application definition read from the registry is reused.
 *
 * @param registryUrl     base URL of registry-service: application definitions, and the target of the
 *                        {@code /v1/**} admin proxy
 * @param schedulerUrl    base URLs of scheduler-service's replicas, comma-separated, to whose leader validated
 *                        inference requests and the scheduler's admin routes are forwarded (one URL: one scheduler,
 *                        as before; several: the gateway follows the leader, see {@code SchedulerLeader})
 * @param schedulerGrpcUrl the same schedulers' gRPC intakes ({@code baton.scheduler.grpc.port}), one per
 *                        {@code scheduler-url} in the same order, as {@code host:port} or any URI with a host and a
 *                        port (e.g. {@code grpc://scheduler:9082}): inference calls then travel in binary over one
 *                        persistent HTTP/2 connection per scheduler; empty (the default): over HTTP with JSON
 * @param profilerUrl     base URL of profiler-service, the target of {@code /v1/profiling-jobs/**}
 * @param appCacheTtl     how long an application definition read from the registry is reused (0 reads it on every
 *                        request)
 * @param registryTimeout limit on one registry call
 * @param healthTimeout   limit on the readiness probes of the registry and the scheduler
 * @param adminTimeout    limit on one admin call passed to the profiler or the scheduler (plans, workers, the metrics
 *                        summary); registry calls, which may carry a large upload, have none
 * @param maxUploadSize   largest request body passed through {@code /v1/**} to the registry (the registry's own
 *                        default); larger is 413 before anything is sent on
 */
@ConfigurationProperties(prefix = "baton.gateway")
public record UpstreamProperties(
        @DefaultValue("http://127.0.0.1:8081") URI registryUrl,
        @DefaultValue("http://127.0.0.1:8082") List<URI> schedulerUrl,
        List<String> schedulerGrpcUrl,
        @DefaultValue("http://127.0.0.1:8083") URI profilerUrl,
        @DefaultValue("2s") Duration appCacheTtl,
        @DefaultValue("2s") Duration registryTimeout,
        @DefaultValue("1s") Duration healthTimeout,
        @DefaultValue("30s") Duration adminTimeout,
        @DefaultValue("256MB") DataSize maxUploadSize) {

    public UpstreamProperties {
        if (schedulerUrl == null || schedulerUrl.isEmpty()) {
            throw new IllegalArgumentException("baton.gateway.scheduler-url must name at least one scheduler");
        }
        schedulerUrl = List.copyOf(schedulerUrl);
        schedulerGrpcUrl = schedulerGrpcUrl == null ? List.of()
                : schedulerGrpcUrl.stream().map(String::strip).filter(t -> !t.isEmpty()).toList();
        if (!schedulerGrpcUrl.isEmpty() && schedulerGrpcUrl.size() != schedulerUrl.size()) {
            throw new IllegalArgumentException("baton.gateway.scheduler-grpc-url names " + schedulerGrpcUrl.size()
                    + " gRPC targets for " + schedulerUrl.size() + " schedulers (baton.gateway.scheduler-url): one "
                    + "per scheduler, in the same order, or none");
        }
        if (maxUploadSize.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.gateway.max-upload-size must be > 0, not " + maxUploadSize);
        }
    }
}
