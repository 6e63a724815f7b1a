package io.baton.cli.bench.fuzz.grpc;

import java.util.List;

/**
 * What a family made: the fault, the method, each message's bytes, the metadata, how the call is driven, whether an
 * OK answer is also right ({@code mayAccept}), and whether DEADLINE_EXCEEDED is the answer it is after ({@code slow}).
 * On a stream, {@code refused} says which messages must each be answered with an error naming the fault.
 */
record GrpcMade(String description, String method, List<byte[]> messages, List<String[]> metadata, GrpcDelivery delivery,
                boolean mayAccept, boolean slow, boolean[] refused) {

    /** One message on a unary method that must be refused. */
    static GrpcMade refuse(String description, String method, byte[] message) {
        return new GrpcMade(description, method, List.of(message), List.of(), GrpcDelivery.WHOLE, false, false, null);
    }

    /** One message on a unary method that may still be a call the gateway serves. */
    static GrpcMade either(String description, String method, byte[] message) {
        return new GrpcMade(description, method, List.of(message), List.of(), GrpcDelivery.WHOLE, true, false, null);
    }

    GrpcMade with(List<String[]> headers) {
        return new GrpcMade(description, method, messages, headers, delivery, mayAccept, slow, refused);
    }
}
