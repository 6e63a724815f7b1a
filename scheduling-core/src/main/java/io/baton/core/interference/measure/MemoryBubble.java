package io.baton.core.interference.measure;

/**
 * The fixed synthetic co-runner of §IV-B ("bubble"): a streaming copy between two 32 MiB buffers, far larger
 * than the caches, so every pass goes to DRAM. It is both the pressure that defines a model's sensitivity and
 * the probe of a model's own memory traffic (how much of the bubble's streaming rate the model takes away).
 */
public final class MemoryBubble {
    static final int WORDS = 4 << 20; // 4 Mi longs = 32 MiB per buffer
    private final long[] a = new long[WORDS], b = new long[WORDS];

    /** One pass: copies 32 MiB one way (reads 32 MiB, writes 32 MiB); returns the bytes moved. */
    public long pass() {
        System.arraycopy(a, 0, b, 0, WORDS);
        b[0]++;
        return 2L * WORDS * Long.BYTES;
    }
}
