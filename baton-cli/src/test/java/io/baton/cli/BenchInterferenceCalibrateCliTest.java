package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.core.interference.measure.Calibration;
import io.baton.core.interference.measure.CoRun;
import io.baton.core.interference.measure.CpuProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code baton bench interference-calibrate}: a cached calibration is trained on and reported without measuring;
 * bad options are one clear line and exit 2. Measuring itself (a minute or more) is run as a benchmark, not here.
 */
class BenchInterferenceCalibrateCliTest {

    @Test
    void aCachedCalibrationIsReportedPerSubModel(@TempDir Path dir) throws Exception {
        List<CpuProfile> random = new ArrayList<>(), zoo = new ArrayList<>();
        for (int i = 0; i < 6; i++) random.add(new CpuProfile("random-" + i, 1 + i, 10 + i, 0.05 * i, 0.99, 1 + 0.1 * i));
        for (int i = 0; i < 3; i++) zoo.add(new CpuProfile("zoo-" + i, 0.5 + i, 5, 0.1 * i, 0.98, 1 + 0.05 * i));
        List<CoRun> rr = new ArrayList<>(), zr = new ArrayList<>();
        for (CpuProfile t : random) for (CpuProfile c : random) rr.add(new CoRun(t.name(), c.name(), 1 + (t.sensitivity() - 1) * c.pressure()));
        for (CpuProfile t : zoo) for (CpuProfile c : zoo) zr.add(new CoRun(t.name(), c.name(), 1 + (t.sensitivity() - 1) * c.pressure()));
        new Calibration("test", random, rr, zoo, zr).write(dir.resolve(io.baton.cli.bench.InterferenceCalibrateBench.DIR).resolve("calibration.json"));
        Path zooDir = Files.createDirectories(dir.resolve("zoo"));
        Files.writeString(zooDir.resolve("manifest.json"), "{}");
        CliRun r = CliRun.of("", "bench", "interference-calibrate", "--cache", dir.toString(), "--zoo", zooDir.toString(), "--epochs", "20");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("measurements from", "GPU_ACC", "ACC_GPU", "zoo-2", "random-5");
    }

    @Test
    void badOptionsExitTwoNamingTheCause() {
        CliRun.of("", "bench", "interference-calibrate", "--graphs", "1").badInput("--graphs");
        CliRun.of("", "bench", "interference-calibrate", "--pairs", "0").badInput("--pairs");
        CliRun.of("", "bench", "interference-calibrate", "--zoo", "/no/such/zoo").badInput("--zoo", "manifest.json");
        CliRun.of("", "bench", "interference-calibrate", "--zoo-batch", "0").badInput("--zoo-batch");
        CliRun.of("", "bench", "interference", "--world", "mars").badInput("--world", "calibrated");
    }

    @Test
    void theCalibratedWorldNeedsACalibrationFirst(@TempDir Path dir) {
        CliRun.of("", "bench", "interference", "--world", "calibrated", "--cache", dir.toString())
                .badInput("--world calibrated", "bench interference-calibrate");
    }
}
