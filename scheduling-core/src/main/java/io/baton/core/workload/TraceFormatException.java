package io.baton.core.workload;

/** A malformed arrival trace; the message is one line naming the line number and the field at fault. */
public final class TraceFormatException extends RuntimeException {

    private final int line;

    public TraceFormatException(int line, String detail) {
        super("trace line " + line + ": " + detail);
        this.line = line;
    }

    /** 1-based line number of the offending line. */
    public int line() {
        return line;
    }
}
