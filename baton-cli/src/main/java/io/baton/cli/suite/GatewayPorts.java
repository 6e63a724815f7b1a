package io.baton.cli.suite;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One gateway of the suite, by name, and its three ports: REST (the Open Inference Protocol and the admin page),
 * gRPC (the same protocol) and management (actuator info and prometheus).
 *
 * <p>Several gateways on one machine take a port each rather than sharing one: sharing needs {@code SO_REUSEPORT}
 * (the kernel spreading connections over the processes that bind the same port), and neither Tomcat nor Spring Boot
 * can set it. Two ports with the client (or a proxy) choosing between them is what a Kubernetes Service over two
 * gateway pods is, seen from outside; {@code bench faults}' load balances over them as a client-side balancer does.
 *
 * @param name       {@code gateway}, then {@code gateway-b}, {@code gateway-c}, …
 * @param rest       its REST port
 * @param grpc       its gRPC port
 * @param management its management port
 */
public record GatewayPorts(String name, int rest, int grpc, int management) {

    /** Where the standard layout puts the second gateway: 8085, the first port past scheduler-b's 8084. */
    static final int SECOND_REST_OFFSET = 5;

    public URI url() {
        return Suite.local(rest);
    }

    /** Its management URL: {@code /actuator/prometheus} and {@code /actuator/info}. */
    public URI managementUrl() {
        return Suite.local(management);
    }

    /** {@code gateway} for 0, {@code gateway-b} for 1, {@code gateway-c} for 2, …. */
    public static String name(int index) {
        return index == 0 ? "gateway" : "gateway-" + (char) ('a' + index);
    }

    /**
     * The ports of {@code count} gateways: the first on the spec's gateway port, its gRPC port 8001 beside 8080 (as in
     * compose and Kubernetes, else any free one) and its management port 1000 above its REST port (9080); each further
     * one, k = 1, 2, …, on the gateway's port + 4 + k (8085, 8086, …: past the profiler's 8083 and scheduler-b's 8084,
     * below the first worker's 8090), gRPC 8001 + k beside 8080 (8002, …) and management its REST port + 1000
     * (9085, …). A preferred port that is taken, or given to another child, gives way to any free one.
     *
     * @param taken ports other children of the suite are given (the spec's and scheduler-b's)
     */
    static List<GatewayPorts> layout(SuiteSpec.Ports ports, int count, Set<Integer> taken) {
        Set<Integer> avoid = new HashSet<>(taken);
        avoid.addAll(ports.named().values());
        boolean standard = ports.gateway() == 8080;
        List<GatewayPorts> all = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int rest = k == 0 ? ports.gateway() : FreePort.of(ports.gateway() + SECOND_REST_OFFSET - 1 + k, avoid);
            avoid.add(rest);
            int grpc = FreePort.of(standard ? 8001 + k : 0, avoid);
            avoid.add(grpc);
            int management = FreePort.of(rest + 1000, avoid);
            avoid.add(management);
            all.add(new GatewayPorts(name(k), rest, grpc, management));
        }
        return List.copyOf(all);
    }
}
