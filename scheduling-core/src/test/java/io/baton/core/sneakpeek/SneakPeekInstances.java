package io.baton.core.sneakpeek;

import io.baton.core.domain.LatencyProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Seeded random small windows for the oracle tests. */
public final class SneakPeekInstances {
    private SneakPeekInstances() {}

    public static Penalty randomPenalty(Random rnd) {
        return switch (rnd.nextInt(3)) {
            case 0 -> new Penalty.Step();
            case 1 -> new Penalty.Linear(0.005 + 0.05 * rnd.nextDouble());
            default -> new Penalty.Sigmoid(2 + 20 * rnd.nextDouble());
        };
    }

    public static List<AppProfile> apps(Random rnd, int count, int maxModels, boolean withSneakPeek) {
        List<AppProfile> apps = new ArrayList<>();
        for (int a = 0; a < count; a++) {
            int classes = 2 + rnd.nextInt(3);
            List<ModelVariant> models = new ArrayList<>();
            int nm = 1 + rnd.nextInt(maxModels);
            for (int m = 0; m < nm; m++) {
                double[] recall = new double[classes];
                for (int c = 0; c < classes; c++) recall[c] = Math.round(rnd.nextDouble() * 100) / 100.0;
                double lat = 1 + rnd.nextInt(20);
                models.add(new ModelVariant("a" + a + "m" + m, LatencyProfile.linear(lat, 0), rnd.nextInt(30), 1, recall, 0.5));
            }
            double[] alpha = new double[classes];
            for (int c = 0; c < classes; c++) alpha[c] = rnd.nextBoolean() ? 0.5 : 0.1 + rnd.nextDouble();
            apps.add(new AppProfile("app" + a, randomPenalty(rnd), new DirichletPrior(alpha), models,
                    withSneakPeek ? 0.3 + 0.6 * rnd.nextDouble() : Double.NaN));
        }
        return apps;
    }

    public static List<PeekRequest> requests(Random rnd, List<AppProfile> apps, int count, double now) {
        List<PeekRequest> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int a = i < apps.size() ? i : rnd.nextInt(apps.size());
            AppProfile app = apps.get(a);
            double[] y = new double[app.classes()];
            for (int k = 0; k < 5; k++) y[rnd.nextInt(app.classes())]++;
            out.add(new PeekRequest("r" + i, a, now, now + 5 + rnd.nextInt(120), app.prior().posteriorMean(y)));
        }
        return out;
    }
}
