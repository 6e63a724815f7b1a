package io.baton.cli;

import io.baton.core.plan.InputException;
import java.util.List;
import java.util.ServiceLoader;

/** {@code baton bench jmh [JMH options] [regex]}: hands over to the benchmarks module's {@link JmhBenchmarks}. */
final class JmhCommand {

    private JmhCommand() {}

    static void run(List<String> args) {
        JmhBenchmarks benchmarks = ServiceLoader.load(JmhBenchmarks.class, JmhCommand.class.getClassLoader()).findFirst()
                .orElseThrow(() -> new InputException("bench jmh: the JMH benchmarks are not on the class path"
                        + " (bin/baton bench jmh builds the benchmarks module and adds it)"));
        benchmarks.run(args);
    }
}
