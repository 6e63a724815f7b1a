package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.cli.zoo.ZooBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code baton zoo build}: bad input in one line, and the cache that skips a zoo already built. */
class ZooCliTest {
    @TempDir
    Path dir;

    @Test
    void aMissingDatasetNamesThePathAndTheDebianPackage() {
        CliRun.of("", "zoo", "build", "--out", dir.toString(), "--data", dir.resolve("nowhere").toString())
                .badInput(dir.resolve("nowhere").resolve("train-images-idx3-ubyte.gz").toString(), "dataset-fashion-mnist");
    }

    @Test
    void badArgumentsAreOneLine() {
        CliRun.of("", "zoo").badInput("zoo needs a subcommand");
        CliRun.of("", "zoo", "build").badInput("--out");
        CliRun.of("", "zoo", "build", "--out", dir.toString(), "--train", "many").badInput("--train");
        CliRun.of("", "zoo", "build", "--out", dir.toString(), "--train", "10").badInput("--train must be in [1000, 60000]");
    }

    @Test
    void aZooOfTheSameVersionAndOptionsIsNotBuiltAgain() throws IOException {
        Files.writeString(dir.resolve(ZooBuilder.MANIFEST), """
                {"version": %d, "seed": 7, "dataset": {"trainExamplesUsed": 1000, "testExamples": 10000},
                 "training": {"epochs": 5}, "validationSet": {"examples": 2000}, "models": [{"file": "m.onnx"}]}
                """.formatted(ZooBuilder.VERSION));
        Files.write(dir.resolve("m.onnx"), new byte[] {1});
        Files.write(dir.resolve(ZooBuilder.VALIDATION), new byte[] {1});
        CliRun r = CliRun.of("", "zoo", "build", "--out", dir.toString(), "--train", "1000");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("already built");
    }
}
