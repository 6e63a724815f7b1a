package io.baton.cli.bench.faults;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.bench.live.LeadingScheduler;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.ServiceProcess;
import io.baton.cli.suite.Suite;
import io.baton.cli.suite.SuiteException;
import java.util.List;

/**
 * Which scheduler process the scheduler fault kills: the only one, or, where the suite runs several (one leads, the
 * others stand by), the leader, since killing a standby tests nothing. The leader is the scheduler that answers
 * {@value LeadingScheduler#LEADER_ROUTE} with {@code "leading": true}; this is the one place of the faults bench that
 * asks.
 */
final class SchedulerLeader {
    private SchedulerLeader() {}

    /** The scheduler processes of {@code suite}: every child named {@code scheduler} or {@code scheduler-…}. */
    static List<ServiceProcess> schedulers(Suite suite) {
        return suite.processes().stream().filter(p -> p.name().equals("scheduler") || p.name().startsWith("scheduler-")).toList();
    }

    static ServiceProcess of(Suite suite, JsonHttp http) {
        List<ServiceProcess> all = schedulers(suite);
        if (all.isEmpty()) throw new SuiteException("the suite runs no scheduler");
        if (all.size() == 1) return all.get(0);
        for (ServiceProcess p : all) {
            try {
                JsonNode answer = http.get(p.url().resolve(LeadingScheduler.LEADER_ROUTE)).json();
                if (answer.path("leading").asBoolean(false)) return p;
            } catch (SuiteException unreachable) {
                // not this one
            }
        }
        throw new SuiteException("none of the " + all.size() + " schedulers says it leads (GET " + LeadingScheduler.LEADER_ROUTE + ")");
    }
}
