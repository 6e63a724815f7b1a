package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.cli.models.PublishedModels;
import org.junit.jupiter.api.Test;

/** {@code baton models list|fetch}: what they print, and every refusal (exit 2, one line) before anything is fetched. */
class ModelsCliTest {

    @Test
    void modelsNeedsAKnownSubcommand() {
        CliRun.of("", "models").badInput("list or fetch");
        CliRun.of("", "models", "pull").badInput("'pull'");
    }

    @Test
    void fetchRefusesAnUnknownModelOrOptionNamingIt() {
        CliRun.of("", "models", "fetch", "nope").badInput("no published model 'nope'", PublishedModels.OCR_DIRECTION);
        CliRun.of("", "models", "fetch", "--bogus").badInput("unknown option '--bogus'");
        CliRun.of("", "models", "fetch", "--cache").badInput("--cache needs a value");
        CliRun.of("", "models", "list", "--x").badInput("unknown option '--x'");
    }

    @Test
    void listNamesEveryPinnedModelWithItsPackageAndDigest() {
        CliRun r = CliRun.of("", "models", "list");
        assertThat(r.code()).as(r.err()).isZero();
        PublishedModels.all().forEach(m -> assertThat(r.out()).contains(m.name()).contains(m.coordinates()).contains(m.sha256()));
    }
}
