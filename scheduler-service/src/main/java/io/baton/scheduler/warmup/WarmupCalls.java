package io.baton.scheduler.warmup;

import io.baton.core.warmup.WarmupLoop;
import io.baton.scheduler.catalog.CatalogApplication;

/** The synthetic call that warms one application's path through the scheduler. */
@FunctionalInterface
public interface WarmupCalls {

    /** @throws WarmupLoop.Abandon when no synthetic request can be built for the application */
    WarmupLoop.Call callFor(CatalogApplication app);
}
