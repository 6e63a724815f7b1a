package io.baton.cli;

import io.baton.core.symphony.ModelZoo;
import io.baton.core.sim.ModelLoad;
import io.baton.core.sim.Policies;
import io.baton.core.sim.Scenario;
import io.baton.core.sim.SimulationResult;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code baton demo} (what {@code bin/baton up} runs until the live suite exists): six models of
 * Symphony's Table 5 with their SLOs on 16 simulated GPUs under bursty Gamma(0.5) arrivals, 500 req/s each; every policy on the same arrivals, side by side.
 */
final class DemoCommand {
    private DemoCommand() {}

    static Scenario scenario() {
        List<ModelZoo.Profile> zoo = ModelZoo.gtx1080ti();
        List<ModelLoad> models = new ArrayList<>();
        for (String name : List.of("DenseNet121", "InceptionV3", "ResNet50V2", "VGG16", "EfficientNetB0", "MobileNetV2")) {
            ModelZoo.Profile p = ModelZoo.byName(zoo, name);
            models.add(ModelLoad.linear(name, p.alphaMs(), p.betaMs(), p.sloMs(), 500, ModelLoad.Arrival.GAMMA, 0.5));
        }
        return new Scenario(7, 20_000, 2_000, 0, 16, models, Policies.IDS, null);
    }

    static void run(List<String> args, PrintStream out) {
        Scenario s = scenario();
        out.println("Baton demo: Symphony and its baselines on a simulated 16-GPU cluster (virtual time)");
        out.println("models (Symphony Table 5, 1080Ti): " + String.join(", ", s.models().stream().map(ModelLoad::name).toList())
                + "; 500 req/s each, Gamma(0.5) arrivals, 20 s");
        List<SimulationResult> results = s.policies().parallelStream().map(p -> Policies.simulate(p, s)).toList();
        out.printf(Locale.ROOT, "%n%-16s %12s %9s %11s %13s %10s%n", "policy", "goodput/s", "bad rate", "mean batch",
                "idle fraction", "p99 ms");
        for (SimulationResult r : results) {
            out.printf(Locale.ROOT, "%-16s %12.0f %9.4f %11.2f %13.3f %10.2f%n", r.policy(), r.goodput(), r.badRate(),
                    r.meanBatch(), r.idleFraction(), r.p99LatencyMs());
        }
        out.println();
        out.println("Try: bin/baton simulate --scenario FILE   (see scheduling-core/README.md for the format)");
        out.println("     echo '{\"alphaMs\":1.053,\"betaMs\":5.072,\"sloMs\":25,\"rate\":5000}' | bin/baton plan symphony-sizing --input -");
        out.println("     bin/baton bench symphony-policies");
    }
}
