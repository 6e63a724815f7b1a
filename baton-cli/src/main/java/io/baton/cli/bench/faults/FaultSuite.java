package io.baton.cli.bench.faults;

import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Profiling;
import io.baton.cli.suite.Service;
import io.baton.cli.suite.Suite;
import io.baton.cli.suite.ZooRegistration;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Readies a started suite for {@link FaultBench}, as {@code bench faults} and the end-to-end test both do: every
 * worker live, the zoo registered, the load's application profiled (lightly: nothing here measures the model).
 */
public final class FaultSuite {
    /** The application the load goes to. */
    public static final String APP = "fashion-single";
    /** Light profiles: batch sizes 1 … 8, 5 repetitions, 1 warm-up run. */
    public static final Profiling.Options PROFILING = new Profiling.Options(List.of(1, 2, 4, 8), 5, 1);
    /**
     * The services' own settings the bench changes: the profiler does not profile every variant registered by itself
     * (the bench profiles the one application it loads), so no profiling competes with the load for the CPUs.
     */
    public static final Map<Service, List<String>> EXTRA_ARGUMENTS =
            Map.of(Service.PROFILER, List.of("--baton.profiler.auto-profile.enabled=false"));

    private FaultSuite() {}

    public static void prepare(Suite suite, Path zoo, PrintStream log) {
        suite.awaitWorkersLive(suite.workerDeviceIds(), Duration.ofSeconds(60));
        JsonHttp http = suite.http(Duration.ofSeconds(30));
        new ZooRegistration(http, suite.registry(), log).register(zoo);
        new Profiling(http, suite.registry(), suite.profiler(), log).profileMissing(List.of(APP), PROFILING, Duration.ofMinutes(5));
    }
}
