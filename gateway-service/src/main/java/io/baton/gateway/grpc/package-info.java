/**
 * The Open Inference Protocol over gRPC ({@code inference.GRPCInferenceService}), on its own port beside the REST
 * routes: the same applications, validation, admission control, API keys, priority and timeout parameters,
 * classification and metrics as {@code POST /v2/models/{app}/infer}, reached through the same services; errors as
 * gRPC status codes. The server is bounded from outside: message size, calls per connection, how long a request may
 * take to arrive, idle and keepalive limits.
 */
package io.baton.gateway.grpc;
