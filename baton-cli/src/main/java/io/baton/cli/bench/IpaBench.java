package io.baton.cli.bench;

import io.baton.core.ipa.EnumerationIpaSolver;
import io.baton.core.ipa.IpaAdapter;
import io.baton.core.ipa.IpaPipelines;
import io.baton.core.ipa.IpaPolicy;
import io.baton.core.ipa.IpaProblem;
import io.baton.core.ipa.IpaWorkloads;
import io.baton.core.ipa.Pipeline;
import io.baton.core.ipa.PipelineSimulator;
import io.baton.core.ipa.forecast.LastValueForecaster;
import io.baton.core.ipa.forecast.LoadForecaster;
import io.baton.core.ipa.forecast.LstmForecaster;
import io.baton.core.ipa.forecast.MovingMaxForecaster;
import io.baton.core.ipa.forecast.SyntheticTrace;
import io.baton.core.ipa.forecast.OracleForecaster;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * {@code baton bench ipa}: the paper's end-to-end evaluation (§5.2, Figs. 8–12) in simulation. Each of the five
 * pipelines ({@link IpaPipelines}) runs under the four workloads ({@link IpaWorkloads}) with IPA and the four
 * baselines ({@link IpaPolicy}); an adapter decides every 10 s (forecast → plan → apply) with batch sizes
 * {1, 2, 4, 8} (the artifact's video cap) and at most 100 replicas per stage (the artifact's scaling cap). RIM's
 * static replica counts come from the workload's mean (rim-low) and peak (rim-high) rate.
 *
 * <p>Per run it prints the time-averaged PAS (×100), cost in cores, SLA violations (dropped or later than SLA_P,
 * per offered request) and drop rate; per pipeline, the averages over workloads and, for each baseline, whether IPA
 * dominates it (PAS at least as high at no more cost) or where it sits on the trade-off.
 */
public final class IpaBench {

    /** One (pipeline, workload, policy) run. */
    public record Row(String pipeline, String workload, String policy, double pas, double cores, double violations,
                      double drops, int reconfigurations) {}

    private IpaBench() {}

    public static List<Row> run(List<String> pipelines, int seconds, String forecasterName, long seed) {
        List<Row> rows = new ArrayList<>();
        Function<double[], LoadForecaster> forecaster = forecaster(forecasterName);
        for (String name : pipelines) {
            IpaPipelines.Spec spec = IpaPipelines.spec(name);
            Pipeline pipe = spec.pipeline();
            IpaProblem base = IpaProblem.of(pipe, 1, spec.slaMs(), spec.weights(), new int[] {1, 2, 4, 8}, 100);
            for (String workload : IpaWorkloads.NAMES) {
                double[] rates = IpaWorkloads.rates(workload, seconds, seed);
                double[] counts = IpaWorkloads.counts(rates, seed + 1);
                double[] arrivals = IpaWorkloads.arrivals(counts, IpaWorkloads.WARMUP_S, seed + 2);
                double[] run = Arrays.copyOfRange(rates, IpaWorkloads.WARMUP_S, rates.length);
                double mean = Arrays.stream(run).average().orElse(1), peak = Arrays.stream(run).max().orElse(1);
                var settings = IpaPolicy.BaselineSettings.of(pipe, spec.fa2High(), mean, peak);
                for (IpaPolicy policy : IpaPolicy.values()) {
                    var adapter = new IpaAdapter(base, policy, settings, forecaster.apply(counts),
                            new EnumerationIpaSolver());
                    var r = new PipelineSimulator(pipe, spec.slaMs(), 10_000, 0).run(
                            Arrays.copyOf(counts, IpaWorkloads.WARMUP_S), arrivals, seconds * 1000.0, adapter);
                    rows.add(new Row(name, workload, policy.id(), 100 * r.meanPas(), r.meanCores(), 100 * r.violationRate(),
                            100 * r.dropRate(), r.reconfigurations()));
                }
            }
        }
        return rows;
    }

    /** The forecaster by name; the oracle reads the run's own future counts. */
    static Function<double[], LoadForecaster> forecaster(String name) {
        return switch (name) {
            case "moving-max" -> counts -> new MovingMaxForecaster();
            case "last-value" -> counts -> new LastValueForecaster();
            case "oracle" -> counts -> new OracleForecaster(counts, 0);
            case "lstm" -> {
                // Trained once, on 12 h of synthetic trace that none of the workloads is cut from.
                LoadForecaster lstm = LstmForecaster.train(SyntheticTrace.perSecond(12 * 3600, 99), 10, 30, 7);
                yield counts -> lstm;
            }
            default -> throw new IllegalArgumentException("--forecaster must be one of moving-max, last-value, oracle, lstm; got '" + name + "'");
        };
    }

    public static void print(List<Row> rows, PrintStream out) {
        out.println("IPA end-to-end (simulated; batch sizes 1-8, adaptation every 10 s)");
        out.printf("%-11s %-12s %-9s %7s %9s %9s %8s %7s%n", "pipeline", "workload", "policy", "PAS", "cores", "SLA-viol%",
                "drop%", "reconf");
        for (Row r : rows) {
            out.printf("%-11s %-12s %-9s %7.2f %9.2f %9.2f %8.2f %7d%n", r.pipeline(), r.workload(), r.policy(), r.pas(),
                    r.cores(), r.violations(), r.drops(), r.reconfigurations());
        }
        out.println();
        out.println("averages over workloads; verdict of IPA against each baseline");
        out.printf("%-11s %-9s %7s %9s %9s %8s  %s%n", "pipeline", "policy", "PAS", "cores", "SLA-viol%", "drop%", "IPA vs this");
        for (String pipe : rows.stream().map(Row::pipeline).distinct().toList()) {
            double[] ipa = avg(rows, pipe, IpaPolicy.IPA.id());
            for (IpaPolicy p : IpaPolicy.values()) {
                double[] a = avg(rows, pipe, p.id());
                String verdict = p == IpaPolicy.IPA ? "" : verdict(ipa, a);
                out.printf("%-11s %-9s %7.2f %9.2f %9.2f %8.2f  %s%n", pipe, p.id(), a[0], a[1], a[2], a[3], verdict);
            }
        }
    }

    private static double[] avg(List<Row> rows, String pipe, String policy) {
        List<Row> rs = rows.stream().filter(r -> r.pipeline().equals(pipe) && r.policy().equals(policy)).toList();
        return new double[] {rs.stream().mapToDouble(Row::pas).average().orElse(Double.NaN),
                rs.stream().mapToDouble(Row::cores).average().orElse(Double.NaN),
                rs.stream().mapToDouble(Row::violations).average().orElse(Double.NaN),
                rs.stream().mapToDouble(Row::drops).average().orElse(Double.NaN)};
    }

    /** IPA dominates when its PAS is ≥ and its cost ≤ (within 0.5%); otherwise say what each side buys. */
    static String verdict(double[] ipa, double[] other) {
        boolean pasGe = ipa[0] >= other[0] * 0.995, costLe = ipa[1] <= other[1] * 1.005;
        if (pasGe && costLe) return "IPA dominates";
        if (!pasGe && !costLe) return "dominated by this";
        if (pasGe) return String.format("IPA: %+.2f PAS for %+.1f%% cores", ipa[0] - other[0], 100 * (ipa[1] / other[1] - 1));
        return String.format("IPA: %+.2f PAS, %.2fx fewer cores", ipa[0] - other[0], other[1] / ipa[1]);
    }
}
