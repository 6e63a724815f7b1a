package io.baton.gateway.warmup;

import io.baton.core.warmup.WarmupLoop;
import io.baton.gateway.registry.ApplicationDefinition;

/** The synthetic call that warms one application's route. */
@FunctionalInterface
public interface WarmupCalls {

    /** A call through the application's route; throws {@link WarmupLoop.Abandon} when none can be built for it. */
    WarmupLoop.Call callFor(ApplicationDefinition application);
}
