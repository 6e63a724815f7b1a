package io.baton.core.sneakpeek;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * An independent enumeration written straight from the {@code plan sneakpeek} contract: every order of the applications
 * × every model choice per application, each application's requests together in EDF order, one device running them one
 * after another, a changed model paying its loadMs first. Shares no code with the schedulers.
 */
public final class ContractOracle {
    private ContractOracle() {}

    /** The contract's semantics over plain profiles: no SchedulingWindow, no Execution, no ModelCache. */
    public static double contractUtility(List<AppProfile> apps, List<PeekRequest> reqs, double now, String loaded,
                                  List<Integer> order, List<String> models) {
        double clock = now, sum = 0;
        String current = loaded;
        for (int i = 0; i < order.size(); i++) {
            PeekRequest r = reqs.get(order.get(i));
            AppProfile app = apps.get(r.app());
            String name = models.get(i);
            double acc;
            if (name.equals("sneakpeek")) {
                acc = app.sneakPeekAccuracy();
            } else {
                ModelVariant m = null;
                for (ModelVariant x : app.models()) if (x.name().equals(name)) m = x;
                if (!name.equals(current)) {
                    clock += m.loadMs();
                    current = name;
                }
                clock += m.latency().latencyMs(1);
                acc = 0;
                double[] th = r.theta();
                double[] recall = m.recall();
                for (int c = 0; c < th.length; c++) acc += th[c] * recall[c];
            }
            sum += acc * (1 - app.penalty().gamma(clock - r.deadlineMs(), r.deadlineMs() - r.arrivalMs()));
        }
        return sum / order.size();
    }

    public static double best(List<AppProfile> apps, List<PeekRequest> reqs, double now, String loaded, boolean sc) {
        List<Integer> present = new ArrayList<>();
        for (int a = 0; a < apps.size(); a++) {
            final int aa = a;
            if (reqs.stream().anyMatch(r -> r.app() == aa)) present.add(a);
        }
        double[] best = {Double.NEGATIVE_INFINITY};
        permute(present, 0, perm -> chooseModels(apps, reqs, now, loaded, sc, perm, 0, new String[apps.size()], best));
        return best[0];
    }

    private static void chooseModels(List<AppProfile> apps, List<PeekRequest> reqs, double now, String loaded, boolean sc,
                                     List<Integer> perm, int i, String[] choice, double[] best) {
        if (i == perm.size()) {
            List<Integer> order = new ArrayList<>();
            List<String> models = new ArrayList<>();
            for (int a : perm) {
                List<Integer> mine = new ArrayList<>();
                for (int r = 0; r < reqs.size(); r++) if (reqs.get(r).app() == a) mine.add(r);
                mine.sort(Comparator.<Integer>comparingDouble(r -> reqs.get(r).deadlineMs()).thenComparingInt(r -> r));
                for (int r : mine) {
                    order.add(r);
                    models.add(choice[a]);
                }
            }
            best[0] = Math.max(best[0], contractUtility(apps, reqs, now, loaded, order, models));
            return;
        }
        int a = perm.get(i);
        List<String> names = new ArrayList<>(apps.get(a).models().stream().map(ModelVariant::name).toList());
        if (sc && apps.get(a).canShortCircuit()) names.add("sneakpeek");
        for (String n : names) {
            choice[a] = n;
            chooseModels(apps, reqs, now, loaded, sc, perm, i + 1, choice, best);
        }
    }

    private static void permute(List<Integer> xs, int k, java.util.function.Consumer<List<Integer>> f) {
        if (k == xs.size()) {
            f.accept(xs);
            return;
        }
        for (int i = k; i < xs.size(); i++) {
            java.util.Collections.swap(xs, k, i);
            permute(xs, k + 1, f);
            java.util.Collections.swap(xs, k, i);
        }
    }

}
