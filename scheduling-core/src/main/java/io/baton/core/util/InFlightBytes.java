package io.baton.core.util;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A budget of bytes held at once: reserved before a request body is read, released when its request is answered, so
 * that a service's heap bounds how many large requests it holds together rather than how many arrive.
 */
public final class InFlightBytes {

    private final long budget;
    private final AtomicLong held = new AtomicLong();

    public InFlightBytes(long budget) {
        this.budget = budget;
    }

    /** Takes {@code bytes} from the budget; false (taking nothing) when they do not fit beside those held. */
    public boolean tryReserve(long bytes) {
        while (true) {
            long now = held.get();
            if (now + bytes > budget) {
                return false;
            }
            if (held.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    public void release(long bytes) {
        held.addAndGet(-bytes);
    }

    public long held() {
        return held.get();
    }

    public long budget() {
        return budget;
    }
}
