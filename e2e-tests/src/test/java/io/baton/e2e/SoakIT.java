package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Suite;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.SuiteExtension;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code baton bench soak} against the whole suite, as its own process (the command line a user runs, given the
 * suite's internal secret as {@code bin/baton} gives it): two shortened minutes of load on fashion-single, each
 * service's resident memory (gateway, scheduler, registry, profiler, every live worker) in each minute, every request
 * accounted for, the verdicts, and the plot as well-formed SVG with a series per service.
 */
@ExtendWith(SuiteExtension.class)
class SoakIT {
    static E2eSuite e2e;

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
    }

    @Test
    void twoShortMinutesRecordEveryServicesMemoryGoodputAndMissRate() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "soak-it-");
        Path plot = dir.resolve("soak.svg"), json = dir.resolve("soak.json"), log = dir.resolve("soak.log");
        Suite suite = e2e.suite();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.baton.cli.Baton", "bench", "soak",
                // a fixed rate: a fresh suite's first seconds on a busy machine can answer nothing within the SLO, and the
                // capacity search that bench soak runs otherwise is BenchSoakCliTest's to check
                "--minutes", "2", "--minute-seconds", "4", "--rate", "5",
                "--gateway", suite.gateway().toString(), "--registry", suite.registry().toString(),
                "--scheduler", suite.scheduler().toString(), "--profiler", suite.profiler().toString(),
                "--plot", plot.toString(), "--json", json.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("BATON_INTERNAL_SECRET_FILE", suite.spec().home().resolve(Suite.SECRET_FILE).toString());
        pb.environment().remove("BATON_INTERNAL_SECRET");
        Process soak = pb.start();
        boolean ended = soak.waitFor(5, TimeUnit.MINUTES);
        if (!ended) soak.destroyForcibly();
        String output = Files.readString(log);
        assertThat(ended).as("bench soak ended; its output: %s", output).isTrue();
        assertThat(soak.exitValue()).as("exit status; output: %s", output).isZero();
        assertThat(output).contains("rate: 5.0 req/s (--rate)", "resident memory growth", "measured from minute 1", "miss rate drift");

        JsonNode figures = JsonHttp.JSON.readTree(Files.readString(json));
        List<String> services = new ArrayList<>();
        figures.path("services").forEach(s -> services.add(s.asText()));
        assertThat(services).startsWith("gateway", "scheduler", "registry", "profiler");
        assertThat(services.size()).as("the live workers after the four services: %s", services).isGreaterThanOrEqualTo(4 + E2eSuite.WORKERS);
        assertThat(figures.path("minutes")).hasSize(2);
        for (JsonNode m : figures.path("minutes")) {
            assertThat(m.path("sent").asLong()).as("requests sent in minute %s", m.path("minute")).isPositive();
            assertThat(m.path("onTime").asLong() + m.path("late").asLong() + m.path("refused").asLong() + m.path("unanswered").asLong())
                    .as("every request of minute %s accounted for", m.path("minute")).isEqualTo(m.path("sent").asLong());
            for (String s : services) {
                assertThat(m.path("rssKb").path(s).asLong()).as("%s's memory in minute %s", s, m.path("minute")).isPositive();
            }
        }
        assertThat(figures.path("verdicts").path("rss")).hasSize(services.size());
        assertThat(figures.path("verdicts").path("missRateDrift").path("fromMinute").asInt()).isEqualTo(1);

        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document svg = f.newDocumentBuilder().parse(new ByteArrayInputStream(Files.readAllBytes(plot)));
        assertThat(svg.getDocumentElement().getTagName()).isEqualTo("svg");
        List<String> series = new ArrayList<>();
        NodeList groups = svg.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) series.add(((Element) groups.item(i)).getAttribute("data-series"));
        List<String> expected = new ArrayList<>(services.stream().map(s -> "rss:" + s).toList());
        expected.addAll(List.of("goodput", "miss-rate"));
        assertThat(series).containsExactlyElementsOf(expected);
        assertThat(new String(Files.readAllBytes(plot), StandardCharsets.UTF_8)).contains("fashion-single");
    }
}
