package io.baton.cli.bench;

import io.baton.core.interference.InterferencePredictor;
import io.baton.core.interference.InterferenceSample;
import io.baton.core.interference.MlpInterferencePredictor;
import io.baton.core.interference.SubModel;
import io.baton.core.interference.measure.Calibration;
import io.baton.core.interference.measure.CoRun;
import io.baton.core.interference.measure.CpuInterferencePredictor;
import io.baton.core.interference.measure.CpuProfile;
import io.baton.core.interference.measure.InterferenceHarness;
import io.baton.core.interference.measure.OrtDevice;
import io.baton.core.interference.measure.RandomGraph;
import io.baton.core.interference.measure.RandomOnnxGraphs;
import io.baton.cli.zoo.Manifest;
import io.baton.cli.zoo.ZooBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * {@code baton bench interference-calibrate}: §IV-C/D on this machine. Random ONNX graphs
 * ({@link RandomOnnxGraphs}) are profiled and co-run in random pairs on two CPU cores with ONNX Runtime
 * ({@link InterferenceHarness}): the training set. The real zoo models ({@code bin/baton zoo build}) are profiled
 * and co-run in every ordered pair: the held-out test set. The MLP sub-models ({@link CpuInterferencePredictor})
 * are trained on the random graphs only and their accuracy (1 − mean |pred − actual| / actual, §IV-D) is reported
 * on the zoo, beside two reference predictors: "none" (slowdown 1) and "mean" (the training set's mean slowdown).
 *
 * <p>The measurements are cached in {@code cacheDir/}{@value #DIR} ({@code calibration.json}, with the zoo's
 * ground truth also in {@link io.baton.core.interference.MeasuredInterference}'s table format in {@code
 * ground-truth.json}), so a re-run only trains and evaluates; {@code remeasure} measures again.
 */
public final class InterferenceCalibrateBench {
    /** Bump when the generator or the harness changes what is measured (the cache directory is versioned). */
    public static final int VERSION = 2;
    public static final String DIR = "interference-cpu-v" + VERSION;

    /**
     * @param graphs    random graphs (the paper uses 155; the default here is smaller, measuring is the cost)
     * @param pairs     random ordered co-run pairs of the random graphs
     * @param zooBatch  batch size the zoo's models run at (they are tiny at batch 1)
     */
    public record Options(int graphs, int pairs, int zooBatch, int warmup, int runs, long seed) {
        public static Options standard() {
            return new Options(40, 300, 32, 3, 15, 1);
        }
    }

    /** Accuracy of one sub-model on the held-out zoo pairs. */
    public record Accuracy(SubModel subModel, int trainSamples, int testSamples, double mlp, double mean, double none,
                           double randomHeldOutMlp, double randomHeldOutNone) {}

    private InterferenceCalibrateBench() {}

    public static Calibration loadOrMeasure(Path zooDir, Path cacheDir, Options o, boolean remeasure, PrintStream log) throws Exception {
        Path file = cacheDir.resolve(DIR).resolve("calibration.json");
        if (!remeasure && Files.isRegularFile(file)) {
            log.println("interference-calibrate: measurements from " + file + " (--remeasure measures again)");
            return Calibration.read(file);
        }
        Calibration c = measure(zooDir, o, log);
        c.write(file);
        Calibration.writeGroundTruth(c.zooCoRuns(), cacheDir.resolve(DIR).resolve("ground-truth.json"));
        Calibration.writeGroundTruth(c.randomCoRuns(), cacheDir.resolve(DIR).resolve("ground-truth-random.json"));
        log.println("interference-calibrate: measurements cached in " + file);
        return c;
    }

    static Calibration measure(Path zooDir, Options o, PrintStream log) throws Exception {
        long t0 = System.nanoTime();
        InterferenceHarness h = new InterferenceHarness(o.warmup(), o.runs());
        List<OrtDevice> random = new ArrayList<>(), zoo = new ArrayList<>();
        try {
            for (RandomGraph g : RandomOnnxGraphs.generate(o.graphs(), o.seed())) random.add(new OrtDevice(g.name(), g.model().toBytes(), 1));
            Manifest manifest = io.baton.cli.suite.ZooRegistration.manifest(zooDir);
            for (Manifest.Model m : manifest.models()) zoo.add(new OrtDevice(m.name(), Files.readAllBytes(zooDir.resolve(m.file())), o.zooBatch()));
            List<CpuProfile> randomProfiles = profile(h, random, log), zooProfiles = profile(h, zoo, log);
            SplittableRandom rng = new SplittableRandom(o.seed() + 1);
            List<CoRun> randomRuns = new ArrayList<>();
            for (int k = 0; k < o.pairs(); k++) {
                OrtDevice t = random.get(rng.nextInt(random.size())), c = random.get(rng.nextInt(random.size()));
                randomRuns.add(new CoRun(t.name(), c.name(), h.coRunSlowdown(t, c)));
            }
            List<CoRun> zooRuns = new ArrayList<>();
            for (OrtDevice t : zoo) {
                for (OrtDevice c : zoo) zooRuns.add(new CoRun(t.name(), c.name(), h.coRunSlowdown(t, c)));
            }
            log.printf("interference-calibrate: measured %d + %d profiles, %d + %d co-runs in %.0f s%n", randomProfiles.size(),
                    zooProfiles.size(), randomRuns.size(), zooRuns.size(), (System.nanoTime() - t0) / 1e9);
            return new Calibration(machine(), randomProfiles, randomRuns, zooProfiles, zooRuns);
        } finally {
            for (OrtDevice d : random) d.close();
            for (OrtDevice d : zoo) d.close();
        }
    }

    private static List<CpuProfile> profile(InterferenceHarness h, List<OrtDevice> models, PrintStream log) {
        List<CpuProfile> out = new ArrayList<>();
        for (OrtDevice m : models) out.add(h.profile(m));
        return out;
    }

    static String machine() {
        return Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.arch") + ", " + System.getProperty("os.name")
                + ", ONNX Runtime sessions with 1 intra-op thread";
    }

    /** Trains on the random graphs, tests on the zoo. */
    public static List<Accuracy> evaluate(Calibration c, int epochs, long seed) {
        CpuInterferencePredictor mlp = CpuInterferencePredictor.train(c.randomProfiles(), c.randomCoRuns(), epochs, seed);
        double mean = Math.exp(c.randomCoRuns().stream().mapToDouble(r -> Math.log(r.slowdown())).average().orElse(0));
        // In-distribution check: train on the co-runs of 80% of the random graphs (as targets), test on the rest.
        int cut = c.randomProfiles().size() * 4 / 5;
        java.util.Set<String> heldOut = new java.util.HashSet<>();
        for (int i = cut; i < c.randomProfiles().size(); i++) heldOut.add(c.randomProfiles().get(i).name());
        List<CoRun> fitRuns = c.randomCoRuns().stream().filter(r -> !heldOut.contains(r.target())).toList();
        List<CoRun> holdRuns = c.randomCoRuns().stream().filter(r -> heldOut.contains(r.target())).toList();
        CpuInterferencePredictor split = fitRuns.isEmpty() ? null : CpuInterferencePredictor.train(c.randomProfiles(), fitRuns, epochs, seed);
        List<Accuracy> out = new ArrayList<>();
        for (SubModel s : CpuInterferencePredictor.SUB_MODELS) {
            List<InterferenceSample> test = CpuInterferencePredictor.samples(s, c.zooProfiles(), c.zooCoRuns());
            List<InterferenceSample> hold = CpuInterferencePredictor.samples(s, c.randomProfiles(), holdRuns);
            boolean canHold = split != null && !hold.isEmpty();
            out.add(new Accuracy(s, c.randomCoRuns().size(), test.size(), MlpInterferencePredictor.accuracy(mlp, test),
                    MlpInterferencePredictor.accuracy(constant(mean), test), MlpInterferencePredictor.accuracy(constant(1), test),
                    canHold ? MlpInterferencePredictor.accuracy(split, hold) : Double.NaN,
                    canHold ? MlpInterferencePredictor.accuracy(constant(1), hold) : Double.NaN));
        }
        return out;
    }

    private static InterferencePredictor constant(double s) {
        return new InterferencePredictor() {
            @Override
            public String name() {
                return "constant";
            }

            @Override
            public double slowdown(io.baton.core.interference.ModelProfile t, io.baton.core.interference.DeviceClass tc,
                                   List<io.baton.core.interference.CoRunner> co) {
                return co.isEmpty() ? 1 : s;
            }
        };
    }

    public static void print(Calibration c, List<Accuracy> rows, PrintStream out) {
        out.println("interference-calibrate: " + c.machine());
        out.println("profiles (solo ms, layers, avg layer ms, bandwidth pressure, utilisation, sensitivity, probed GB/s):");
        for (List<CpuProfile> ps : List.of(c.randomProfiles(), c.zooProfiles())) {
            for (CpuProfile p : ps) {
                out.printf("  %-26s %8.3f %4d %8.4f %6.3f %6.3f %6.3f %7.2f%n", p.name(), p.soloMs(), p.layers(), p.avgLayerMs(), p.pressure(),
                        p.utilisation(), p.sensitivity(), p.bandwidthGBs());
            }
        }
        out.printf("co-run slowdowns: random %s; zoo %s%n", range(c.randomCoRuns()), range(c.zooCoRuns()));
        out.println("accuracy on the held-out zoo pairs (1 − mean |pred − actual|/actual, §IV-D):");
        out.printf("  %-12s %6s %6s %8s %8s %8s   %s%n", "sub-model", "train", "test", "mlp", "mean", "none",
                "| random graphs held out (last 20% as targets): mlp, none");
        for (Accuracy a : rows) {
            out.printf("  %-12s %6d %6d %7.1f%% %7.1f%% %7.1f%%   | %7.1f%% %7.1f%%%n", a.subModel(), a.trainSamples(), a.testSamples(),
                    100 * a.mlp(), 100 * a.mean(), 100 * a.none(), 100 * a.randomHeldOutMlp(), 100 * a.randomHeldOutNone());
        }
    }

    private static String range(List<CoRun> runs) {
        var s = runs.stream().mapToDouble(CoRun::slowdown).summaryStatistics();
        return String.format("n=%d min %.3f mean %.3f max %.3f", s.getCount(), s.getMin(), s.getAverage(), s.getMax());
    }

    /**
     * The Xavier-like ground truth with its interference scaled to this machine: {@code scale} is the measured mean
     * excess slowdown (slowdown − 1) of the zoo's co-runs on two cores divided by the Xavier-like model's mean
     * excess over its own zoo's one-co-runner co-locations (sub-models 1 and 2), everything else as Xavier-like.
     * A one-parameter calibration: the machine's measured interference magnitude in the paper's device world
     * (the 40 scenarios of Table IV need the GPU + 2 DLA platform and the 14 models).
     */
    public static io.baton.core.interference.ContentionModel calibratedTruth(Calibration c) {
        double measured = c.zooCoRuns().stream().mapToDouble(r -> r.slowdown() - 1).average().orElse(0);
        var xavier = io.baton.core.interference.ContentionModel.xavierLike();
        var all = io.baton.core.interference.TrainingSet.allCoLocations(io.baton.core.interference.XavierLike.ZOO, xavier);
        double modelled = java.util.stream.Stream.of(SubModel.GPU_ACC, SubModel.ACC_GPU).flatMap(s -> all.get(s).stream())
                .mapToDouble(x -> x.slowdown() - 1).average().orElseThrow();
        return new io.baton.core.interference.ContentionModel(measured / modelled, 0.8, 1.4, 0.15, 0x5EED);
    }

    /** The zoo directory the bench uses: {@code cacheDir/bench-zoo}, built when missing. */
    public static Path zoo(Path dataDir, Path cacheDir, PrintStream log) throws IOException {
        Path zoo = cacheDir.resolve(FashionMnistEnsemble.ZOO);
        ZooBuilder.Options options = ZooBuilder.Options.standard(dataDir);
        if (!ZooBuilder.isBuilt(zoo, options)) {
            log.println("interference-calibrate: building the model zoo into " + zoo + " (about a minute)");
            new ZooBuilder(options, log).build(zoo);
        }
        return zoo;
    }
}
