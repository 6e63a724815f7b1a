package io.baton.cli.bench.faults;

/** One thing a fault kills and restarts: a service of the suite, or the PostgreSQL cluster under the registry. */
public interface FaultTarget {

    /** What is killed, for the table: its name and process id. */
    String describe();

    /** Kills it at once (SIGKILL), as a crash would, and returns once it has exited. */
    void kill();

    /** Starts it again as it was and returns once it is healthy. */
    void restart();
}
