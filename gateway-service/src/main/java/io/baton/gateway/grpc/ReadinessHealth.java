package io.baton.gateway.grpc;

import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.stub.StreamObserver;

import io.baton.gateway.oip.UpstreamHealth;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;

/**
 * gRPC's standard health service ({@code grpc.health.v1.Health/Check}) for the server ({@code ""}) and for
 * {@code inference.GRPCInferenceService}: SERVING when the registry and the scheduler answer, as
 * {@code GET /v2/health/ready}, asked at each check; NOT_SERVING otherwise; any other service name NOT_FOUND.
 * Kubernetes' gRPC probes and {@code grpc_health_probe} call Check; Watch is not offered.
 */
final class ReadinessHealth extends HealthGrpc.HealthImplBase {

    private final UpstreamHealth health;

    ReadinessHealth(UpstreamHealth health) {
        this.health = health;
    }

    @Override
    public void check(HealthCheckRequest request, StreamObserver<HealthCheckResponse> answer) {
        String service = request.getService();
        if (!service.isEmpty() && !service.equals(GRPCInferenceServiceGrpc.SERVICE_NAME)) {
            answer.onError(Status.NOT_FOUND.withDescription("no service '" + service + "' here").asRuntimeException());
            return;
        }
        boolean ready = health.problems().isEmpty();
        answer.onNext(HealthCheckResponse.newBuilder().setStatus(ready ? HealthCheckResponse.ServingStatus.SERVING
                : HealthCheckResponse.ServingStatus.NOT_SERVING).build());
        answer.onCompleted();
    }
}
