package io.baton.cli;

import java.util.List;

/**
 * {@code baton bench jmh}, as the benchmarks module implements it. JMH and the benchmarks live in that module so that
 * JMH is on no other module's class path; bin/baton adds the module for this one command, and {@link JmhCommand} finds
 * the implementation with {@link java.util.ServiceLoader}.
 */
public interface JmhBenchmarks {

    /** Runs JMH with its own options ({@code -h}, {@code -l}, a regex, ...); bad options are an InputException. */
    void run(List<String> args);
}
