package io.baton.core.interference;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * §IV-C steps 2–3: profile the random models, co-run them in each sub-model's pattern and record the target's
 * slowdown. Here the "measurement" is the {@link ContentionModel} with a log-normal measurement noise of σ
 * {@code noise} on each label (repeated runs on real hardware differ by about that much).
 *
 * <p>Sub-model 4 gets one sample in five with the GPU idle (accelerator co-runners only), the pattern the
 * generalised predictor routes to it ({@link SubModel}).
 */
public final class TrainingSet {

    private TrainingSet() {}

    /** Every co-location the zoo can form on a 1 GPU + 2 accelerator SoC, labelled by the ground truth (for accuracy). */
    public static Map<SubModel, List<InterferenceSample>> allCoLocations(List<SyntheticModel> models, ContentionModel truth) {
        Map<SubModel, List<InterferenceSample>> out = empty();
        List<ModelProfile> profiles = models.stream().map(truth::profile).toList();
        int n = models.size();
        for (int t = 0; t < n; t++) {
            for (int a = 0; a < n; a++) {
                add(out, truth, models, profiles, t, DeviceClass.GPU, new int[] {a}, new DeviceClass[] {DeviceClass.ACCELERATOR});
                add(out, truth, models, profiles, t, DeviceClass.ACCELERATOR, new int[] {a}, new DeviceClass[] {DeviceClass.GPU});
                for (int c = a; c < n; c++) {
                    add(out, truth, models, profiles, t, DeviceClass.GPU, new int[] {a, c},
                            new DeviceClass[] {DeviceClass.ACCELERATOR, DeviceClass.ACCELERATOR});
                }
                for (int g = 0; g < n; g++) {
                    add(out, truth, models, profiles, t, DeviceClass.ACCELERATOR, new int[] {a, g},
                            new DeviceClass[] {DeviceClass.ACCELERATOR, DeviceClass.GPU});
                }
            }
        }
        return out;
    }

    /** perSubModel random co-locations of the given (random) models for each sub-model, noisy labels. */
    public static Map<SubModel, List<InterferenceSample>> generate(List<SyntheticModel> models, ContentionModel truth,
                                                                   int perSubModel, double noise, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<ModelProfile> profiles = models.stream().map(truth::profile).toList();
        Map<SubModel, List<InterferenceSample>> out = empty();
        int n = models.size();
        DeviceClass G = DeviceClass.GPU, A = DeviceClass.ACCELERATOR;
        for (SubModel s : SubModel.values()) {
            for (int k = 0; k < perSubModel; k++) {
                int t = rng.nextInt(n);
                int[] co;
                DeviceClass tc;
                DeviceClass[] cc;
                switch (s) {
                    case GPU_ACC -> { tc = G; co = new int[] {rng.nextInt(n)}; cc = new DeviceClass[] {A}; }
                    case ACC_GPU -> { tc = A; co = new int[] {rng.nextInt(n)}; cc = new DeviceClass[] {G}; }
                    case GPU_ACC_ACC -> { tc = G; co = new int[] {rng.nextInt(n), rng.nextInt(n)}; cc = new DeviceClass[] {A, A}; }
                    default -> {
                        tc = A;
                        if (rng.nextInt(5) == 0) { co = new int[] {rng.nextInt(n)}; cc = new DeviceClass[] {A}; }
                        else { co = new int[] {rng.nextInt(n), rng.nextInt(n)}; cc = new DeviceClass[] {A, G}; }
                    }
                }
                InterferenceSample exact = sample(truth, models, profiles, t, tc, co, cc);
                double measured = exact.slowdown() * Math.exp(noise * gaussian(rng));
                out.get(s).add(new InterferenceSample(exact.target(), tc, exact.coRunners(), measured));
            }
        }
        return out;
    }

    private static void add(Map<SubModel, List<InterferenceSample>> out, ContentionModel truth, List<SyntheticModel> models,
                            List<ModelProfile> profiles, int t, DeviceClass tc, int[] co, DeviceClass[] cc) {
        InterferenceSample s = sample(truth, models, profiles, t, tc, co, cc);
        out.get(s.subModel()).add(s);
    }

    private static InterferenceSample sample(ContentionModel truth, List<SyntheticModel> models, List<ModelProfile> profiles,
                                             int t, DeviceClass tc, int[] co, DeviceClass[] cc) {
        List<CoRunner> coRunners = new ArrayList<>(co.length);
        List<ContentionModel.Placed> placed = new ArrayList<>(co.length);
        for (int i = 0; i < co.length; i++) {
            coRunners.add(new CoRunner(profiles.get(co[i]), cc[i]));
            placed.add(new ContentionModel.Placed(models.get(co[i]), cc[i]));
        }
        return new InterferenceSample(profiles.get(t), tc, coRunners, truth.slowdown(models.get(t), tc, placed));
    }

    private static Map<SubModel, List<InterferenceSample>> empty() {
        Map<SubModel, List<InterferenceSample>> out = new EnumMap<>(SubModel.class);
        for (SubModel s : SubModel.values()) out.put(s, new ArrayList<>());
        return out;
    }

    private static double gaussian(SplittableRandom rng) {
        double u1 = rng.nextDouble(), u2 = rng.nextDouble();
        return Math.sqrt(-2 * Math.log(Math.max(u1, 1e-300))) * Math.cos(2 * Math.PI * u2);
    }
}
