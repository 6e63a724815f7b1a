/**
 * What the suite's internal gRPC ports and their callers share: the secret's check and metadata
 * ({@link io.baton.commons.grpc.InternalSecretInterceptor}), a unary answer as a future
 * ({@link io.baton.commons.grpc.UnaryAnswer}) and a server's stop ({@link io.baton.commons.grpc.GrpcServers}).
 * gRPC is an optional dependency here: only the services with a gRPC port or client declare it.
 */
package io.baton.commons.grpc;
