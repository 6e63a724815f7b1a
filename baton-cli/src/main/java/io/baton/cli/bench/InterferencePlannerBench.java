package io.baton.cli.bench;

import io.baton.core.interference.ContentionModel;
import io.baton.core.interference.DeviceClass;
import io.baton.core.interference.FluidCapacity;
import io.baton.core.interference.InterferencePlanner;
import io.baton.core.interference.InterferencePredictor;
import io.baton.core.interference.InterferenceWorkload;
import io.baton.core.interference.ModelProfile;
import io.baton.core.interference.PlanGoal;
import io.baton.core.interference.Platform;
import io.baton.core.interference.SampledSimulator;
import io.baton.core.interference.SlowdownTable;
import io.baton.core.interference.SyntheticModel;
import io.baton.core.interference.WorkloadModel;
import io.baton.core.interference.XavierLike;
import io.baton.core.policy.PolicyIds;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code baton bench interference-planner}: the cost of one plan (§V-D: 1,000 sampled matrices, the paper's
 * 200 ms on the Xavier's CPU) in CPU time of the calling thread ({@link ThreadMXBean}), so that other load on
 * the machine does not count. Every scenario of Table IV's six-model sets (5–8, the largest) at 1.0 × its
 * interference-free fluid capacity is planned once to warm up the JIT, then {@code rounds} times measured;
 * the table is the measured interference (the planner's cost does not depend on which predictor filled it,
 * and building it is not part of the plan).
 */
public final class InterferencePlannerBench {

    public record Result(PlanGoal goal, double medianMs, double p90Ms, double maxMs, int plans) {}

    private InterferencePlannerBench() {}

    public static List<Result> run(int rounds, long seed) {
        ContentionModel truth = ContentionModel.xavierLike();
        Map<String, SyntheticModel> zoo = XavierLike.zooByName();
        InterferencePredictor measured = truth.asPredictor(zoo);
        List<InterferenceWorkload> workloads = new ArrayList<>();
        for (XavierLike.ModelSet set : XavierLike.TABLE_IV.subList(4, 8)) {
            for (int mix = 1; mix <= 5; mix++) {
                double[] shares = set.mix(mix);
                List<WorkloadModel> models = new ArrayList<>();
                for (int i = 0; i < shares.length; i++) {
                    ModelProfile p = truth.profile(zoo.get(set.models().get(i)));
                    models.add(new WorkloadModel(p, shares[i], XavierLike.SLO_FACTOR * p.soloMs(DeviceClass.GPU)));
                }
                InterferenceWorkload unit = new InterferenceWorkload(Platform.xavier(), models);
                double capacity = FluidCapacity.of(unit, shares);
                double[] rates = shares.clone();
                for (int i = 0; i < rates.length; i++) rates[i] *= capacity;
                workloads.add(unit.withRates(rates));
            }
        }
        List<SlowdownTable> tables = new ArrayList<>();
        for (InterferenceWorkload w : workloads) tables.add(SlowdownTable.build(measured, w.platform(), w.profiles()));
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        List<Result> out = new ArrayList<>();
        for (PlanGoal goal : List.of(PlanGoal.GOODPUT, PlanGoal.SLO_99, PlanGoal.FAIRNESS)) {
            InterferencePlanner planner = InterferencePlanner.standard(PolicyIds.INTERFERENCE, measured, goal, seed);
            for (int i = 0; i < workloads.size(); i++) planner.plan(workloads.get(i), tables.get(i)); // warm-up
            double[] ms = new double[rounds * workloads.size()];
            int n = 0;
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < workloads.size(); i++) {
                    long c0 = mx.getCurrentThreadCpuTime();
                    planner.plan(workloads.get(i), tables.get(i));
                    ms[n++] = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
                }
            }
            Arrays.sort(ms);
            out.add(new Result(goal, ms[ms.length / 2], ms[(int) (ms.length * 0.9)], ms[ms.length - 1], ms.length));
        }
        return out;
    }

    public static void print(List<Result> results, PrintStream out) {
        out.printf("planner: CPU time of one thread per plan = %d sampled matrices × %d requests, Table IV sets 5–8"
                        + " (6 models, GPU + 2 DLAs) at 1.0 × fluid capacity (target ≤ 50 ms; paper: 200 ms on the Xavier's CPU)%n",
                InterferencePlanner.PAPER_SAMPLES, SampledSimulator.DEFAULT_REQUESTS);
        out.printf("%-9s %10s %10s %10s %6s%n", "goal", "median ms", "p90 ms", "max ms", "plans");
        for (Result r : results) {
            out.printf("%-9s %10.1f %10.1f %10.1f %6d%n", r.goal().name(), r.medianMs(), r.p90Ms(), r.maxMs(), r.plans());
        }
    }
}
