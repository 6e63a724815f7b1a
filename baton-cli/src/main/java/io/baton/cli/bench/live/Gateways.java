package io.baton.cli.bench.live;

import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * The gateways a live bench loads, as {@code bench live} and {@code bench soak} both take them ({@code --gateway
 * URL,URL}, {@code --protocol}, {@code --grpc HOST:PORT,HOST:PORT}): the channels to their gRPC ports, the requests
 * spread over them round-robin as a client-side balancer spreads them, and the name each gateway goes by in a table.
 */
final class Gateways {
    private Gateways() {}

    /** The gateway at position {@code i} of {@code --gateway}, as tables and plots name it: gateway, gateway-b, gateway-c, ... */
    static String name(int i) {
        return i == 0 ? "gateway" : "gateway-" + (char) ('a' + i);
    }

    /**
     * One plaintext channel per gRPC target when the protocol is gRPC; none over REST. Whoever asks shuts them down.
     * Answers are read on the channel's event loop (a direct executor): recording one is a few field writes, and a
     * hand-off to a pool thread per answer would take CPU from the suite on the cores they share.
     */
    static List<ManagedChannel> channels(String protocol, List<String> grpcTargets) {
        if (!LiveBench.GRPC.equals(protocol)) return List.of();
        return grpcTargets.stream()
                .map(t -> (ManagedChannel) NettyChannelBuilder.forTarget(t).usePlaintext().directExecutor().build()).toList();
    }

    /**
     * The requests to {@code app} over the protocol chosen: gRPC on {@code channels} when there are any, else REST at
     * each of {@code gateways}; with several, spread over them round-robin (over REST a request refused before any
     * answer is sent once more through the next gateway, {@link BalancedHttpRequests}).
     */
    static Requests requests(Workload workload, String app, KeepAliveHttp client, List<ManagedChannel> channels, List<URI> gateways,
                             Duration timeout) {
        if (!channels.isEmpty()) {
            List<Requests> each = channels.stream()
                    .map(c -> workload.grpcRequests(GRPCInferenceServiceGrpc.newStub(c), app, timeout)).toList();
            return each.size() == 1 ? each.get(0) : new RoundRobinRequests(each);
        }
        List<HttpRequests> each = gateways.stream().map(g -> workload.requests(client, g.resolve("/v2/models/" + app + "/infer"), timeout))
                .toList();
        return each.size() == 1 ? each.get(0) : new BalancedHttpRequests(client, each, timeout);
    }
}
