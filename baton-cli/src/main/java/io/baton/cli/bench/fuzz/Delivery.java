package io.baton.cli.bench.fuzz;

/**
 * How a case's bytes go on the wire. {@code WHOLE}: all at once. {@code CUT}: the first {@code at} bytes, then the
 * sending half of the connection is shut (the body ends before its {@code Content-Length}). {@code TRICKLE}: the
 * first {@code at} bytes (the request head) at once, the rest {@code chunk} bytes every {@code pauseMs}, far below
 * the gateway's minimum body rate. {@code STALL}: the first {@code at} bytes, then nothing more, the connection kept
 * open, until the gateway answers.
 */
public record Delivery(Mode mode, int at, int chunk, int pauseMs) {

    public enum Mode { WHOLE, CUT, TRICKLE, STALL }

    static final Delivery WHOLE = new Delivery(Mode.WHOLE, 0, 0, 0);

    static Delivery cut(int at) {
        return new Delivery(Mode.CUT, at, 0, 0);
    }

    static Delivery trickle(int head, int chunk, int pauseMs) {
        return new Delivery(Mode.TRICKLE, head, chunk, pauseMs);
    }

    static Delivery stall(int at) {
        return new Delivery(Mode.STALL, at, 0, 0);
    }

    @Override
    public String toString() {
        return switch (mode) {
            case WHOLE -> "whole";
            case CUT -> "cut after " + at + " bytes (then shut the sending side)";
            case TRICKLE -> "head at once, then " + chunk + " bytes every " + pauseMs + " ms";
            case STALL -> "first " + at + " bytes, then nothing (connection kept open)";
        };
    }
}
