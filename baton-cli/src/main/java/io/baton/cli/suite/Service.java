package io.baton.cli.suite;

import java.util.Locale;

/** The suite's services, each a Spring Boot jar built in its own module of the reactor, named after the service. */
public enum Service {
    REGISTRY,
    SCHEDULER,
    WORKER,
    PROFILER,
    GATEWAY;

    /** The Maven module (and folder) that builds the service's jar: {@code registry-service} for {@link #REGISTRY}. */
    public String module() {
        return name().toLowerCase(Locale.ROOT) + "-service";
    }
}
