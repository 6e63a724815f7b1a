package io.baton.cli.bench;

import io.baton.core.policy.PolicyIds;
import io.baton.core.sim.ModelLoad;
import io.baton.core.sim.Scenario;
import io.baton.core.symphony.sizing.IdealBatching;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code baton bench symphony-table4}: Symphony's Table 4 (8 GPUs, Poisson): the analytical batch size
 * and throughput without coordination (Eq. 1) and with staggered execution (Eqs. 2–3), beside the
 * simulated goodput of symphony, clockwork and nexus.
 */
public final class Table4Bench {

    public record Row(String model, double alphaMs, double betaMs, double sloMs, int noCoordBatch, double noCoordThpt,
                      int staggeredBatch, double staggeredThpt, double symphony, double clockwork, double nexus,
                      double workConserving) {}

    static final int GPUS = 8;

    public static List<Row> run(long seed) {
        List<Row> out = new ArrayList<>();
        out.add(row("ResNet50", 1.053, 5.072, 25, seed));
        out.add(row("InceptionResNetV2", 5.090, 18.368, 70, seed));
        return out;
    }

    static Row row(String name, double alpha, double beta, double slo, long seed) {
        IdealBatching ideal = IdealBatching.of(alpha, beta);
        int nb = ideal.uncoordinatedBatch(slo);
        int sb = ideal.staggeredBatch(GPUS, slo);
        Scenario s = new Scenario(seed, 10_000, 1_000, 0, GPUS,
                List.of(ModelLoad.linear(name, alpha, beta, slo, 1000, ModelLoad.Arrival.POISSON, 1)), List.of(), null);
        GoodputSearch search = GoodputSearch.standard();
        double upper = GoodputSearch.idealCapacity(s);
        return new Row(name, alpha, beta, slo, nb, ideal.uncoordinatedThroughputRps(GPUS, slo), sb, ideal.staggeredThroughputRps(GPUS, slo),
                search.search(PolicyIds.SYMPHONY, s, upper).rate(), search.search(PolicyIds.CLOCKWORK, s, upper).rate(),
                search.search(PolicyIds.NEXUS, s, upper).rate(), search.search(PolicyIds.WORK_CONSERVING, s, upper).rate());
    }

    public static void print(List<Row> rows, PrintStream out) {
        out.println("Symphony Table 4 (8 GPUs, Poisson): analytical batch/throughput and simulated goodput (req/s)");
        out.printf(Locale.ROOT, "%-18s %6s %7s %4s | %-12s | %-12s | %9s %9s %9s %9s%n", "model", "alpha", "beta", "SLO",
                "NoCoord b/thpt", "Stagger b/thpt", "symphony", "clockwork", "nexus", "work-cons.");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-18s %6.3f %7.3f %4.0f | %3d / %-8.0f | %3d / %-8.0f | %9.0f %9.0f %9.0f %9.0f%n",
                    r.model(), r.alphaMs(), r.betaMs(), r.sloMs(), r.noCoordBatch(), r.noCoordThpt(), r.staggeredBatch(),
                    r.staggeredThpt(), r.symphony(), r.clockwork(), r.nexus(), r.workConserving());
        }
        out.println("paper: ResNet50 7/4501, 16/5839, symphony 5169, clockwork 2036, nexus 3965;"
                + " InceptionResNetV2 3/713, 8/1083, symphony 907, clockwork 482, nexus 590");
    }
}
