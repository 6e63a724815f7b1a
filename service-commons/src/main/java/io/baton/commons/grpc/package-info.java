/**
 * What the suite's internal gRPC ports and their callers share: the secret's check and metadata
 * ({@link io.baton.commons.grpc.InternalSecretInterceptor}), a unary answer as a future
 * ({@link io.baton.commons.grpc.UnaryAnswer}) and a port's life: bound, its named threads, started and stopped with a
 * grace period ({@link io.baton.commons.grpc.GrpcPort}).
 * gRPC is an optional dependency here: only the services with a gRPC port or client declare it.
 */
package io.baton.commons.grpc;
