package io.baton.worker.warmup;

import io.baton.core.warmup.WarmupLoop;

/** Where the warm-up's synthetic batches go: opened once for the warm-up, closed after it. */
@FunctionalInterface
public interface WarmupBatches {

    /** A source of synthetic batch calls, holding whatever they need until closed. */
    interface Opened extends WarmupLoop.Call, AutoCloseable {
        @Override
        void close();
    }

    Opened open();
}
