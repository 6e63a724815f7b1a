package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Where a suite's gateways listen: names, ports of their own, never a port another child is given or one taken. */
class GatewayPortsTest {

    @Test
    void namesTheGatewaysInOrder() {
        assertThat(List.of(GatewayPorts.name(0), GatewayPorts.name(1), GatewayPorts.name(2), GatewayPorts.name(3)))
                .containsExactly("gateway", "gateway-b", "gateway-c", "gateway-d");
    }

    @Test
    void givesEveryGatewayItsOwnPortsApartFromEveryOtherChilds() throws IOException {
        int base = freeBase();
        // the workers start where the second gateway would prefer to: it must step aside
        SuiteSpec.Ports ports = SuiteSpec.Ports.consecutive(base, base + 1, base + 2, base + 3, base + GatewayPorts.SECOND_REST_OFFSET, 2);
        List<GatewayPorts> all = GatewayPorts.layout(ports, 3, Set.of(base + 4));

        assertThat(all).extracting(GatewayPorts::name).containsExactly("gateway", "gateway-b", "gateway-c");
        assertThat(all.get(0).rest()).isEqualTo(base);
        Set<Integer> seen = new HashSet<>(ports.named().values());
        seen.add(base + 4);
        for (GatewayPorts g : all.subList(1, all.size())) assertThat(seen.add(g.rest())).as("%s's REST port %d is its own", g.name(), g.rest()).isTrue();
        for (GatewayPorts g : all) {
            assertThat(seen.add(g.grpc())).as("%s's gRPC port is its own", g.name()).isTrue();
            assertThat(seen.add(g.management())).as("%s's management port is its own", g.name()).isTrue();
        }
        assertThat(all.get(1).url().toString()).isEqualTo("http://127.0.0.1:" + all.get(1).rest());
    }

    @Test
    void prefersThePortPastSchedulerBWhenFreeAndStepsAsideWhenTaken() throws IOException {
        int base = freeBase();
        SuiteSpec.Ports ports = SuiteSpec.Ports.consecutive(base, base + 1, base + 2, base + 3, base + 20, 1);
        int preferred = base + GatewayPorts.SECOND_REST_OFFSET;
        if (isFree(preferred)) {
            assertThat(GatewayPorts.layout(ports, 2, Set.of()).get(1).rest()).isEqualTo(preferred);
        }
        try (ServerSocket held = new ServerSocket()) {
            held.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), preferred));
            assertThat(GatewayPorts.layout(ports, 2, Set.of()).get(1).rest()).as("taken by another process").isNotEqualTo(preferred);
        } catch (IOException takenAlready) {
            assertThat(GatewayPorts.layout(ports, 2, Set.of()).get(1).rest()).isNotEqualTo(preferred);
        }
    }

    @Test
    void theSpecBoundsTheCount() {
        SuiteSpec one = new SuiteSpec(new ServiceJars(Map.of()), Path.of("."), SuiteSpec.Ports.standard(1), new RegistryDatabase.Embedded(Path.of("r")),
                List.of(), List.of(), Map.of(), Duration.ofSeconds(1));
        assertThat(one.gateways()).isEqualTo(1);
        assertThat(one.withGateways(4).gateways()).isEqualTo(4);
        assertThat(one.withGateways(2).withSchedulers(2).gateways()).as("kept through the other with-").isEqualTo(2);
        assertThatThrownBy(() -> one.withGateways(0)).hasMessageContaining("1 to 4 gateways, not 0");
        assertThatThrownBy(() -> one.withGateways(SuiteSpec.MAX_GATEWAYS + 1)).hasMessageContaining("not 5");
    }

    /** A port with the next 30 free too, as far as can be told (a base for a layout). */
    private static int freeBase() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int base;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                base = s.getLocalPort();
            }
            if (base > 65535 - 2000) continue;
            boolean all = true;
            for (int p = base; p < base + 30 && all; p++) all = isFree(p);
            if (all) return base;
        }
        throw new IllegalStateException("no run of free ports");
    }

    private static boolean isFree(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
