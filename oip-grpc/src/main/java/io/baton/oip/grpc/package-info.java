/**
 * The Open Inference Protocol's gRPC service, {@code inference.GRPCInferenceService}: the messages and the grpc-java
 * stubs generated from {@code src/main/proto/oip_inference.proto} at build time. Only this package-info is written by
 * hand.
 */
package io.baton.oip.grpc;
