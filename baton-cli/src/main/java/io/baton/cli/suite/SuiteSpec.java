package io.baton.cli.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What to start: the jars, the state directory (logs, registry files), the ports, the registry's database, the JVM
 * options of the services and of the workers, extra arguments per service, how long a service may take to
 * become healthy, how many schedulers (1; or 2: {@code scheduler} and its standby {@code scheduler-b}, electing
 * their leader through the registry's lease) and how many gateways (1 to {@link #MAX_GATEWAYS}: {@code gateway}, then
 * {@code gateway-b}, {@code gateway-c}, …, each on ports of its own, all serving through the same registry and
 * schedulers). One worker per entry of {@code ports.workers()}, device ids {@code cpu-0}, {@code cpu-1}, ….
 */
public record SuiteSpec(ServiceJars jars, Path home, Ports ports, RegistryDatabase database, List<String> serviceJvmOptions,
                        List<String> workerJvmOptions, Map<Service, List<String>> extraArguments, Duration healthLimit,
                        int schedulers, int gateways) {

    /**
     * The most gateways a suite runs: in the standard layout the extra ones take 8085 … 8087, below the first
     * worker's 8090 (see {@link Suite#gateways}).
     */
    public static final int MAX_GATEWAYS = 4;

    /** One scheduler and one gateway, as the suite always ran. */
    public SuiteSpec(ServiceJars jars, Path home, Ports ports, RegistryDatabase database, List<String> serviceJvmOptions,
                     List<String> workerJvmOptions, Map<Service, List<String>> extraArguments, Duration healthLimit) {
        this(jars, home, ports, database, serviceJvmOptions, workerJvmOptions, extraArguments, healthLimit, 1, 1);
    }

    /** The same suite with {@code n} schedulers (1 or 2). */
    public SuiteSpec withSchedulers(int n) {
        return new SuiteSpec(jars, home, ports, database, serviceJvmOptions, workerJvmOptions, extraArguments,
                healthLimit, n, gateways);
    }

    /** The same suite with {@code n} gateways (1 to {@link #MAX_GATEWAYS}). */
    public SuiteSpec withGateways(int n) {
        return new SuiteSpec(jars, home, ports, database, serviceJvmOptions, workerJvmOptions, extraArguments,
                healthLimit, schedulers, n);
    }

    /** The defaults of the architecture: gateway 8080, registry 8081, scheduler 8082, profiler 8083, workers 8090 and up. */
    public record Ports(int gateway, int registry, int scheduler, int profiler, List<Integer> workers) {
        public Ports {
            workers = List.copyOf(workers);
            if (workers.isEmpty()) throw new IllegalArgumentException("the suite needs at least one worker");
        }

        public static Ports standard(int workers) {
            return consecutive(8080, 8081, 8082, 8083, 8090, workers);
        }

        public static Ports consecutive(int gateway, int registry, int scheduler, int profiler, int firstWorker, int workers) {
            return new Ports(gateway, registry, scheduler, profiler,
                    java.util.stream.IntStream.range(0, workers).map(i -> firstWorker + i).boxed().toList());
        }

        /** Every port with the name of what listens there, in start order. */
        public Map<String, Integer> named() {
            Map<String, Integer> m = new java.util.LinkedHashMap<>();
            m.put("registry", registry);
            m.put("scheduler", scheduler);
            m.put("profiler", profiler);
            for (int i = 0; i < workers.size(); i++) m.put(Suite.workerName(i), workers.get(i));
            m.put("gateway", gateway);
            return m;
        }
    }

    public SuiteSpec {
        if (schedulers < 1 || schedulers > 2) {
            throw new IllegalArgumentException("the suite runs 1 or 2 schedulers, not " + schedulers);
        }
        if (gateways < 1 || gateways > MAX_GATEWAYS) {
            throw new IllegalArgumentException("the suite runs 1 to " + MAX_GATEWAYS + " gateways, not " + gateways);
        }
        serviceJvmOptions = List.copyOf(serviceJvmOptions);
        workerJvmOptions = List.copyOf(workerJvmOptions);
        extraArguments = Map.copyOf(extraArguments);
    }

    public List<String> extra(Service s) {
        return extraArguments.getOrDefault(s, List.of());
    }
}
