package io.baton.cli.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM options of the services {@code bin/baton up} starts, in one place: the defaults of
 * {@code BATON_SERVICE_JAVA_OPTS} and {@code BATON_WORKER_JAVA_OPTS}, and {@link #EARLY_C2}, which every service gets
 * before them. docker-compose.yml and the Kubernetes manifests set the same {@link #EARLY_C2} in their
 * {@code JAVA_TOOL_OPTIONS}: change them together.
 */
public final class JvmOptions {

    /**
     * C2 sooner: HotSpot's tier thresholds at a quarter (a method compiled by C2 after about 1,250 invocations rather
     * than 5,000, 3,750 counting loop iterations rather than 15,000). A service serves from C1-compiled code with
     * profiling, the slowest compiled tier, until C2 has compiled its path, and on a small machine the compiler
     * threads take cores from serving meanwhile: the first load test after start-up would pay for both. Lower
     * thresholds move that work into the start-up warm-ups. The cost: C2 compiles from shorter profiles and
     * compiles more methods (more code cache, more compiling at start). A later
     * {@code -XX:CompileThresholdScaling} in the options a user gives wins.
     */
    public static final List<String> EARLY_C2 = List.of("-XX:CompileThresholdScaling=0.25");

    /** Every service but the workers: a small heap, the serial collector (one core's worth of services each). */
    public static final String SERVICE_DEFAULT = "-Xmx512m -XX:+UseSerialGC";

    /**
     * The workers: a fixed heap, pre-touched, so that heap pages first touched during a model load do not count in
     * its measured footprint.
     */
    public static final String WORKER_DEFAULT = "-Xms384m -Xmx384m -XX:+AlwaysPreTouch -XX:+UseSerialGC";

    private JvmOptions() {}

    /** {@link #EARLY_C2}, then {@code given} (which wins where it sets the same option). */
    public static List<String> withEarlyC2(List<String> given) {
        List<String> all = new ArrayList<>(EARLY_C2);
        all.addAll(given);
        return List.copyOf(all);
    }
}
