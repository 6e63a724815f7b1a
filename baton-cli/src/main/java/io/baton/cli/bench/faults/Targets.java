package io.baton.cli.bench.faults;

import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.ServiceProcess;
import io.baton.cli.suite.Suite;
import io.baton.cli.suite.SuiteException;
import java.util.Optional;

/** What each fault kills in a running suite, chosen at the moment of the fault (a restart changes the processes). */
final class Targets {
    private final Suite suite;
    private final JsonHttp http;
    private final Optional<LocalPostgres> postgres;

    Targets(Suite suite, JsonHttp http, Optional<LocalPostgres> postgres) {
        this.suite = suite;
        this.http = http;
        this.postgres = postgres;
    }

    /** Whether this suite has something for {@code fault} to kill (PostgreSQL only when the registry uses a local one). */
    boolean applies(Fault fault) {
        return fault != Fault.POSTGRES || postgres.isPresent();
    }

    FaultTarget of(Fault fault) {
        return switch (fault) {
            // the first worker: with several, the others keep serving while it is gone
            case WORKER -> service(suite.workers().get(0));
            case SCHEDULER -> service(SchedulerLeader.of(suite, http));
            case REGISTRY -> service(named("registry"));
            case PROFILER -> service(named("profiler"));
            // the first gateway: with several, the others keep serving while it is gone
            case GATEWAY -> service(named(suite.gateways().get(0).name()));
            case POSTGRES -> postgres.orElseThrow(() -> new SuiteException("the registry does not run on a local PostgreSQL cluster"));
        };
    }

    private FaultTarget service(ServiceProcess p) {
        return new SuiteServiceTarget(suite, p);
    }

    private ServiceProcess named(String name) {
        return suite.processes().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new SuiteException("the suite runs no " + name));
    }
}
