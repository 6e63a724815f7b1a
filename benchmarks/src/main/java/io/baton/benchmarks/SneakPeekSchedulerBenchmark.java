package io.baton.benchmarks;

import io.baton.cli.bench.SneakPeekAppTable;
import io.baton.cli.bench.SneakPeekBench;
import io.baton.cli.bench.SneakPeekWorkload;
import io.baton.core.policy.PolicyIds;
import io.baton.core.sneakpeek.AppProfile;
import io.baton.core.sneakpeek.ExecutionMode;
import io.baton.core.sneakpeek.ModelCache;
import io.baton.core.sneakpeek.Schedule;
import io.baton.core.sneakpeek.SchedulingWindow;
import io.baton.core.sneakpeek.SneakPeekPolicy;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One SneakPeek scheduling window at the brute-force threshold (the target that keeps a window's planning negligible
 * beside its deadline: 5 applications ≤ 1 ms; the paper: under 10 ms): τ = 5 applications, 24 requests per window,
 * deadline 200 ms, as in Fig. 12, over the synthetic application table (the paper's Table 1 shapes: what the search
 * costs depends on how many applications, groups and variants there are, not on the recall values). 512 generated
 * windows are scheduled in turn. {@code lo-priority} is the per-request baseline, for scale.
 */
public class SneakPeekSchedulerBenchmark extends PlanningLatencyBenchmark {

    @Param({"grouped", PolicyIds.SNEAKPEEK, "lo-priority"})
    public String policy;

    private SneakPeekPolicy scheduler;
    private List<AppProfile> apps;
    private ModelCache cache;
    private SchedulingWindow.Options options;
    private List<SneakPeekWorkload.Window> windows;
    private int next;

    @Setup(Level.Trial)
    public void windows() {
        SneakPeekWorkload.Setup s = SneakPeekBench.atBruteForceThreshold(
                SneakPeekWorkload.Setup.paperDefault(SneakPeekAppTable.defaults()), 512);
        scheduler = SneakPeekPolicy.named(policy);
        apps = SneakPeekWorkload.profiles(s);
        cache = s.cache(apps);
        options = scheduler.options(ExecutionMode.BATCHED, s.maxBatch(), s.budget());
        windows = SneakPeekWorkload.generate(s);
    }

    @Benchmark
    public Schedule schedule() {
        SneakPeekWorkload.Window win = windows.get(next);
        next = (next + 1) % windows.size();
        return scheduler.scheduler().schedule(SchedulingWindow.of(win.endMs(), apps, win.requests(), options), cache, win.endMs());
    }
}
