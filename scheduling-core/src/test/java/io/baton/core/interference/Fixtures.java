package io.baton.core.interference;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Small seeded workloads for the interference tests. */
final class Fixtures {
    private Fixtures() {}

    static Platform gpuAndAccelerators(int accelerators) {
        List<String> names = new ArrayList<>(), kinds = new ArrayList<>();
        List<DeviceClass> classes = new ArrayList<>();
        names.add("gpu"); kinds.add("gpu"); classes.add(DeviceClass.GPU);
        for (int i = 0; i < accelerators; i++) { names.add("acc" + i); kinds.add("acc"); classes.add(DeviceClass.ACCELERATOR); }
        return new Platform(names, classes, kinds);
    }

    static ModelProfile profile(String name, double gpuMs, double accMs) {
        return ModelProfile.of(name, new DeviceFeatures(gpuMs, 0.05, 0.3, 0.9, 1.2, 1.3),
                new DeviceFeatures(accMs, 0.2, 0.2, 0.1, 1.3, 1.5));
    }

    /** A random workload of the given size, SLO 12× GPU latency, total rate about the platform's capacity. */
    static InterferenceWorkload random(SplittableRandom rng, int models, Platform platform) {
        List<WorkloadModel> out = new ArrayList<>();
        for (int m = 0; m < models; m++) {
            double gpu = 1 + 4 * rng.nextDouble();
            ModelProfile p = profile("m" + m, gpu, gpu * (2 + 5 * rng.nextDouble()));
            out.add(new WorkloadModel(p, 100 + 300 * rng.nextDouble(), 12 * gpu));
        }
        return new InterferenceWorkload(platform, out);
    }

    /** Slowdowns that depend on who co-runs: 1 + 0.15 per busy co-runner, more for the accelerators. */
    static InterferencePredictor pairwise() {
        return new InterferencePredictor() {
            @Override
            public String name() {
                return "pairwise";
            }

            @Override
            public double slowdown(ModelProfile target, DeviceClass targetClass, List<CoRunner> coRunners) {
                double s = 1;
                for (CoRunner c : coRunners) s += (targetClass == DeviceClass.GPU ? 0.1 : 0.25) * c.features().memBandwidth() / 0.2;
                return s;
            }
        };
    }
}
