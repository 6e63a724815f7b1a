package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.baton.core.plan.InputException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code baton suite register} and {@code suite up}: their flags and environment, and every refusal (exit 2, one line). */
class SuiteCliTest {

    @Test
    void suiteNeedsAKnownSubcommand() {
        CliRun.of("", "suite").badInput("register or up");
        CliRun.of("", "suite", "down").badInput("'down'");
    }

    @Test
    void registerRefusesBadInputBeforeCallingAnything(@TempDir Path dir) {
        CliRun.of("", "suite", "register").badInput("--zoo");
        CliRun.of("", "suite", "register", "--zoo", dir.toString()).badInput("--zoo", "no zoo in");
        CliRun.of("", "suite", "register", "--zoo", dir.toString(), "--registry", "localhost:8081").badInput("--registry");
        CliRun.of("", "suite", "register", "--zoo", dir.toString(), "--batch-sizes", "1,x").badInput("--batch-sizes");
        CliRun.of("", "suite", "register", "--zoo", dir.toString(), "--repetitions", "0").badInput("--repetitions");
        CliRun.of("", "suite", "register", "--zoo", dir.toString(), "--force").badInput("unknown option '--force'");
    }

    @Test
    void registerSaysWhenNothingAnswersAtTheRegistry(@TempDir Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("manifest.json"), "{}");
        CliRun.of("", "suite", "register", "--zoo", dir.toString(), "--registry", "http://127.0.0.1:1").badInput("--registry", "nothing answers");
    }

    @Test
    void upReadsPortsWorkersAndHomeFromTheEnvironment(@TempDir Path root) {
        Map<String, String> env = new HashMap<>(Map.of("BATON_GATEWAY_PORT", "9080", "BATON_WORKER_PORT", "9100", "BATON_WORKERS", "3",
                "BATON_FASHION_MNIST", root.toString()));
        assertThatThrownBy(() -> UpCommand.settings(List.of("--root", root.toString()), env)).isInstanceOf(InputException.class)
                .hasMessageContaining("BATON_FASHION_MNIST").hasMessageContaining("Fashion-MNIST not found");
        env.remove("BATON_FASHION_MNIST");
        if (io.baton.cli.zoo.FashionMnist.missingFile(io.baton.cli.zoo.FashionMnist.DEFAULT_DIR) != null) return; // the rest needs the data
        UpCommand.Settings s = UpCommand.settings(List.of("--root", root.toString()), env);
        assertThat(s.home()).isEqualTo(root.resolve(".baton"));
        assertThat(s.ports().gateway()).isEqualTo(9080);
        assertThat(s.ports().registry()).isEqualTo(8081);
        assertThat(s.ports().workers()).containsExactly(9100, 9101, 9102);
        assertThat(s.serviceJvm()).contains("-Xmx512m");
        assertThat(s.check()).isFalse();

        env.put("BATON_HOME", root.resolve("state").toString());
        assertThat(UpCommand.settings(List.of("--root", root.toString(), "--workers", "1", "--check"), env))
                .satisfies(t -> {
                    assertThat(t.home()).isEqualTo(root.resolve("state"));
                    assertThat(t.ports().workers()).containsExactly(9100);
                    assertThat(t.check()).isTrue();
                });
    }

    @Test
    void upWaitsForTheCompilersAtMostBatonJitWaitSecondsAndRefusesABadValueNamingIt() {
        assertThat(UpCommand.jitWaitSeconds(Map.of())).isEqualTo(240);
        assertThat(UpCommand.jitWaitSeconds(Map.of("BATON_JIT_WAIT_SECONDS", "0"))).isZero();
        assertThat(UpCommand.jitWaitSeconds(Map.of("BATON_JIT_WAIT_SECONDS", "300"))).isEqualTo(300);
        assertThatThrownBy(() -> UpCommand.jitWaitSeconds(Map.of("BATON_JIT_WAIT_SECONDS", "-1")))
                .isInstanceOf(InputException.class).hasMessageContaining("BATON_JIT_WAIT_SECONDS");
        assertThatThrownBy(() -> UpCommand.jitWaitSeconds(Map.of("BATON_JIT_WAIT_SECONDS", "soon")))
                .isInstanceOf(InputException.class).hasMessageContaining("BATON_JIT_WAIT_SECONDS");
    }

    @Test
    void upSaysWhetherTheGatewayGetsBootstrapKeysFromTheEnvironment() {
        assertThat(UpCommand.bootstrapKeysSet(Map.of())).isFalse();
        assertThat(UpCommand.bootstrapKeysSet(Map.of("BATON_GATEWAY_API_KEYS", " "))).isFalse();
        assertThat(UpCommand.bootstrapKeysSet(Map.of("BATON_GATEWAY_API_KEYS", "k1,k2"))).isTrue();
        assertThat(UpCommand.bootstrapKeysSet(Map.of("BATON_GATEWAY_APIKEYS", "k1"))).isTrue();
    }

    @Test
    void upRefusesBadSettingsWithOneLine(@TempDir Path root) {
        CliRun.of("", "suite", "up", "--root", root.toString(), "--workers", "0").badInput("--workers");
        CliRun.of("", "suite", "up", "--root", root.toString(), "--bogus").badInput("unknown option '--bogus'");
        assertThatThrownBy(() -> UpCommand.settings(List.of(), Map.of("BATON_REGISTRY_PORT", "8080")))
                .hasMessageContaining("port 8080 is given to both registry and gateway");
        assertThatThrownBy(() -> UpCommand.settings(List.of(), Map.of("BATON_SCHEDULER_PORT", "http")))
                .hasMessageContaining("BATON_SCHEDULER_PORT must be an integer");
        assertThatThrownBy(() -> UpCommand.settings(List.of(), Map.of("BATON_WORKER_PORT", "65535", "BATON_WORKERS", "2")))
                .hasMessageContaining("past 65535");
    }

    @Test
    void upRunsTwoGatewaysUnlessToldOtherwiseTheFlagBeforeTheEnvironment() {
        assertThat(UpCommand.gateways(List.of(), Map.of())).isEqualTo(2);
        assertThat(UpCommand.gateways(List.of(), Map.of("BATON_GATEWAYS", "1"))).isEqualTo(1);
        assertThat(UpCommand.gateways(List.of("--gateways", "3"), Map.of("BATON_GATEWAYS", "1"))).isEqualTo(3);
        assertThat(UpCommand.gateways(List.of("--gateways=4"), Map.of())).isEqualTo(4);
    }

    @Test
    void upRefusesAGatewayCountOutOfRangeNamingWhereItCameFrom(@TempDir Path root) {
        assertThatThrownBy(() -> UpCommand.gateways(List.of("--gateways", "0"), Map.of())).isInstanceOf(InputException.class)
                .hasMessageContaining("--gateways must be in [1, 4], got 0");
        assertThatThrownBy(() -> UpCommand.gateways(List.of(), Map.of("BATON_GATEWAYS", "5"))).isInstanceOf(InputException.class)
                .hasMessageContaining("BATON_GATEWAYS must be in [1, 4], got 5");
        assertThatThrownBy(() -> UpCommand.gateways(List.of("--gateways", "two"), Map.of())).isInstanceOf(InputException.class)
                .hasMessageContaining("--gateways must be an integer");
        CliRun.of("", "suite", "up", "--root", root.toString(), "--gateways", "9").badInput("--gateways must be in [1, 4]");
    }

    @Test
    void upWithoutBuiltJarsSaysHowToBuildThem(@TempDir Path root) {
        if (io.baton.cli.zoo.FashionMnist.missingFile(io.baton.cli.zoo.FashionMnist.DEFAULT_DIR) != null) return;
        CliRun.of("", "suite", "up", "--root", root.toString()).badInput("--root", "registry-service", "package");
    }
}
