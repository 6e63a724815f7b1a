package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class JvmOptionsTest {

    /** The repository's root: tests run in the module's directory. */
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void earlyC2ComesFirstSoThatAnOptionTheUserGivesWins() {
        assertThat(JvmOptions.withEarlyC2(List.of("-Xmx1g", "-XX:CompileThresholdScaling=1")))
                .containsExactly("-XX:CompileThresholdScaling=0.25", "-Xmx1g", "-XX:CompileThresholdScaling=1");
        assertThat(JvmOptions.withEarlyC2(List.of())).isEqualTo(JvmOptions.EARLY_C2);
    }

    @Test
    void composeAndKubernetesGiveEveryJvmTheSameEarlyC2() throws IOException {
        List<Path> files;
        try (Stream<Path> k8s = Files.walk(ROOT.resolve("k8s"))) {
            files = Stream.concat(Stream.of(ROOT.resolve("docker-compose.yml")), k8s.filter(p -> p.toString().endsWith(".yaml")))
                    .toList();
        }
        int seen = 0;
        for (Path f : files) {
            for (String line : Files.readAllLines(f)) {
                if (!line.trim().startsWith("JAVA_TOOL_OPTIONS:")) continue;
                seen++;
                assertThat(line).as("%s", ROOT.relativize(f)).contains(JvmOptions.EARLY_C2);
            }
        }
        assertThat(seen).as("JAVA_TOOL_OPTIONS lines in docker-compose.yml and k8s/").isGreaterThanOrEqualTo(14);
    }
}
