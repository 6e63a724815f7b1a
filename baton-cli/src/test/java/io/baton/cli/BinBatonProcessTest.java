package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the real {@code bin/baton} script as a process. The first call may build the CLI with Maven, hence the
 * generous time limit (a limit on a hung process, not a speed assertion).
 */
class BinBatonProcessTest {

    private static final long LIMIT_SECONDS = 120;

    private static Path baton;

    record Result(int code, String out, String err) {}

    @BeforeAll
    static void findScriptAndBash() {
        Assumptions.assumeTrue(bashWorks(), "bash is not available");
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("bin/baton"))) dir = dir.getParent();
        assertThat(dir).as("a directory above %s holding bin/baton", Path.of("").toAbsolutePath()).isNotNull();
        baton = dir.resolve("bin/baton");
    }

    private static boolean bashWorks() {
        try {
            Process p = new ProcessBuilder("bash", "-c", "exit 0").redirectErrorStream(true).start();
            p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static Result run(Path tmp, String stdin, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", baton.toString()));
        cmd.addAll(List.of(args));
        File out = tmp.resolve("out.txt").toFile();
        File err = tmp.resolve("err.txt").toFile();
        Process p = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err).start();
        try (var in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        if (!p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("bin/baton " + String.join(" ", args) + " did not finish within " + LIMIT_SECONDS + " s");
        }
        return new Result(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()));
    }

    @Test
    void planSizingThroughTheScript(@TempDir Path tmp) throws Exception {
        Result r = run(tmp, "{\"alphaMs\":1.053,\"betaMs\":5.072,\"sloMs\":25,\"rate\":5839}\n",
                "plan", "symphony-sizing", "--input", "-");
        assertThat(r.code()).as("exit status; stderr: %s", r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo("{\"gpus\":8,\"batch\":16}");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void badInputThroughTheScriptExitsTwoWithOneLine(@TempDir Path tmp) throws Exception {
        Result r = run(tmp, "{\"alphaMs\":1.053,\"betaMs\":5.072,\"sloMs\":0,\"rate\":5839}\n",
                "plan", "symphony-sizing", "--input", "-");
        assertThat(r.code()).as("exit status; stderr: %s", r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err()).startsWith("baton: ").contains("sloMs");
    }
}
