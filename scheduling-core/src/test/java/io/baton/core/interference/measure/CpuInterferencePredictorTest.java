package io.baton.core.interference.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.baton.core.interference.MeasuredInterference;
import io.baton.core.interference.MlpInterferencePredictor;
import io.baton.core.interference.SubModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuInterferencePredictorTest {

    /** Profiles with a known slowdown law: sensitivity of the target times the co-runner's pressure. */
    static List<CpuProfile> profiles(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<CpuProfile> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new CpuProfile("m" + i, 1 + 20 * r.nextDouble(), 5 + r.nextInt(30), 0.6 * r.nextDouble(), 0.95, 1 + 0.8 * r.nextDouble()));
        }
        return out;
    }

    static List<CoRun> coRuns(List<CpuProfile> ps) {
        List<CoRun> out = new ArrayList<>();
        for (CpuProfile t : ps) {
            for (CpuProfile c : ps) out.add(new CoRun(t.name(), c.name(), 1 + (t.sensitivity() - 1) * c.pressure() * 2));
        }
        return out;
    }

    @Test
    void trainingOnASmallSetReducesTheError() {
        List<CpuProfile> train = profiles(12, 1), test = profiles(6, 2);
        List<CoRun> trainRuns = coRuns(train), testRuns = coRuns(test);
        CpuInterferencePredictor before = CpuInterferencePredictor.untrained(3);
        CpuInterferencePredictor after = CpuInterferencePredictor.train(train, trainRuns, 200, 3);
        for (SubModel s : CpuInterferencePredictor.SUB_MODELS) {
            var samples = CpuInterferencePredictor.samples(s, test, testRuns);
            double a0 = MlpInterferencePredictor.accuracy(before, samples), a1 = MlpInterferencePredictor.accuracy(after, samples);
            assertTrue(a1 > a0, s + ": accuracy " + a0 + " -> " + a1);
        }
    }

    @Test
    void threeDevicePatternsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> CpuInterferencePredictor.samples(SubModel.GPU_ACC_ACC, List.of(), List.of()));
    }

    @Test
    void groundTruthAndCalibrationRoundTripThroughJson(@TempDir Path dir) throws Exception {
        List<CpuProfile> ps = profiles(3, 4);
        List<CoRun> runs = coRuns(ps);
        Path table = dir.resolve("ground-truth.json");
        Calibration.writeGroundTruth(runs, table);
        MeasuredInterference m = MeasuredInterference.load(table);
        assertEquals(2 * runs.size(), m.size());
        for (SubModel s : CpuInterferencePredictor.SUB_MODELS) {
            var samples = CpuInterferencePredictor.samples(s, ps, runs);
            for (var x : samples) assertEquals(x.slowdown(), m.slowdown(x.target(), x.targetClass(), x.coRunners()), 1e-12);
        }
        Calibration c = new Calibration("test", ps, runs, ps.subList(0, 1), runs.subList(0, 1));
        Path f = dir.resolve("cal.json");
        c.write(f);
        assertEquals(c, Calibration.read(f));
        assertTrue(Files.readString(f).contains("randomCoRuns"));
    }
}
