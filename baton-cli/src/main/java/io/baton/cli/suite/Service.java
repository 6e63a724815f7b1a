package io.baton.cli.suite;

/** The suite's services, each a Spring Boot jar built in its own module of the reactor. */
public enum Service {
    REGISTRY("registry-service"),
    SCHEDULER("scheduler-service"),
    WORKER("worker-service"),
    PROFILER("profiler-service"),
    GATEWAY("gateway-service");

    private final String module;

    Service(String module) {
        this.module = module;
    }

    /** The Maven module (and folder) that builds the service's jar. */
    public String module() {
        return module;
    }
}
