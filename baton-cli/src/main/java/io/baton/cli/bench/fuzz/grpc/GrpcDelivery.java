package io.baton.cli.bench.fuzz.grpc;

/**
 * How a case's call is driven. {@code WHOLE}: every message, then the half-close. {@code NO_HALF_CLOSE}: every message,
 * and the call is never half-closed (the gateway's receive deadline must end it). {@code PACED}: the messages
 * {@code pauseMs} apart, then the half-close. {@code SILENT}: the messages, then nothing, the call kept open.
 * {@code CANCEL}: the messages and the half-close, then the call cancelled after {@code pauseMs}.
 */
public record GrpcDelivery(Mode mode, int pauseMs) {

    public enum Mode { WHOLE, NO_HALF_CLOSE, PACED, SILENT, CANCEL }

    static final GrpcDelivery WHOLE = new GrpcDelivery(Mode.WHOLE, 0);
    static final GrpcDelivery NO_HALF_CLOSE = new GrpcDelivery(Mode.NO_HALF_CLOSE, 0);
    static final GrpcDelivery SILENT = new GrpcDelivery(Mode.SILENT, 0);

    static GrpcDelivery paced(int pauseMs) {
        return new GrpcDelivery(Mode.PACED, pauseMs);
    }

    static GrpcDelivery cancel(int afterMs) {
        return new GrpcDelivery(Mode.CANCEL, afterMs);
    }

    @Override
    public String toString() {
        return switch (mode) {
            case WHOLE -> "whole, then half-closed";
            case NO_HALF_CLOSE -> "sent, never half-closed";
            case PACED -> "one message every " + pauseMs + " ms, then half-closed";
            case SILENT -> "sent, then silence (never half-closed)";
            case CANCEL -> "sent, then cancelled after " + pauseMs + " ms";
        };
    }
}
