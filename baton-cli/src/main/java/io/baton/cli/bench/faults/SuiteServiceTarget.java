package io.baton.cli.bench.faults;

import io.baton.cli.suite.ServiceProcess;
import io.baton.cli.suite.Suite;

/** A service of the suite: killed with SIGKILL, relaunched by {@link Suite#restart} on the same port. */
final class SuiteServiceTarget implements FaultTarget {
    private final Suite suite;
    private final ServiceProcess process;

    SuiteServiceTarget(Suite suite, ServiceProcess process) {
        this.suite = suite;
        this.process = process;
    }

    @Override
    public String describe() {
        return process.name() + " (pid " + process.pid() + ")";
    }

    @Override
    public void kill() {
        process.kill();
    }

    @Override
    public void restart() {
        suite.restart(process);
    }
}
