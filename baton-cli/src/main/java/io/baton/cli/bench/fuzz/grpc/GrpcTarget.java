package io.baton.cli.bench.fuzz.grpc;

import io.baton.cli.bench.fuzz.FuzzTarget;

/**
 * What the gRPC fuzz aims at: the application's signature (as ModelMetadata answers it) and the largest message the
 * port takes (the gateway's {@code baton.gateway.max-infer-request-size}, 64 MB unless set), which the oversized cases
 * pass by a little.
 */
public record GrpcTarget(FuzzTarget target, long maxMessageBytes) {
    public GrpcTarget {
        if (maxMessageBytes < 1 || maxMessageBytes > Integer.MAX_VALUE - 2048) {
            throw new IllegalArgumentException("the largest message is 1 .. " + (Integer.MAX_VALUE - 2048) + " bytes, not " + maxMessageBytes);
        }
    }
}
