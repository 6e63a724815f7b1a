/**
 * {@code baton bench fuzz --protocol grpc}: hostile Open Inference Protocol calls against a running gateway's gRPC
 * port. {@link io.baton.cli.bench.fuzz.grpc.GrpcGenerator} makes the {@code i}-th
 * {@link io.baton.cli.bench.fuzz.grpc.GrpcFuzzCase} of a seed (the method, the exact bytes of each message, the
 * metadata and how the call is driven) from the {@link io.baton.cli.bench.fuzz.FuzzTarget} the gateway describes;
 * {@link io.baton.cli.bench.fuzz.grpc.GrpcExchange} sends it through a byte-array marshaller on its own channel,
 * within a time limit; {@link io.baton.cli.bench.fuzz.grpc.GrpcVerdict} judges the status (a refusal's code with a
 * description naming the fault, never INTERNAL, UNKNOWN, a stack trace or no answer);
 * {@link io.baton.cli.bench.fuzz.grpc.GrpcFuzzRunner} runs many and checks that the gateway still serves afterwards.
 */
package io.baton.cli.bench.fuzz.grpc;
