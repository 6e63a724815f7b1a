package io.baton.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.core.symphony.ModelZoo;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.testing.DecisionDigest;
import io.baton.core.testing.RandomScenarios;
import io.baton.core.workload.RatePattern;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pins every policy's decisions on fixed seeded scenarios: the outcome counts and a digest of every
 * dispatch and drop (time, device, request ids, reason; see {@link DecisionDigest}). A change meant to
 * make the simulator or a dispatcher faster must leave these exactly as they are; a change meant to
 * alter decisions updates them in the same commit, saying why.
 *
 * <p>The scenarios cover one model on many devices (the simulator-speed bench's case), many models
 * sharing devices, bursty patterns with jitter and bounded batches, overload of a DenseNet-like model
 * at a tight SLO, and random small scenarios.
 */
class DecisionPinTest {

    static Map<String, Scenario> scenarios() {
        Map<String, Scenario> out = new LinkedHashMap<>();
        out.put("one-model", speedScenario(1, 64, 20_000, 20_000));
        out.put("twenty-models", speedScenario(20, 32, 9_000, 20_000));
        out.put("bursty-jitter", new Scenario(42, 3000, 300, 0.1, 3, List.of(
                new ModelLoad("a", LatencyProfile.linear(0.5, 5), 40, Scenario.UNBOUNDED_BATCH, 600,
                        ModelLoad.Arrival.GAMMA, 0.3, RatePattern.steady()),
                new ModelLoad("b", LatencyProfile.linear(1.2, 3), 30, 16, 400,
                        ModelLoad.Arrival.POISSON, 1, RatePattern.bursty()),
                new ModelLoad("c", LatencyProfile.linear(0.2, 8), 60, Scenario.UNBOUNDED_BATCH, 900,
                        ModelLoad.Arrival.UNIFORM, 1, RatePattern.steady())), Policies.IDS, null));
        ModelZoo.Profile dn = ModelZoo.byName(ModelZoo.gtx1080ti(), "DenseNet121");
        List<ModelLoad> dense = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            dense.add(ModelLoad.linear("densenet-" + i, dn.alphaMs(), dn.betaMs(), 30, 1100, ModelLoad.Arrival.GAMMA, 0.5));
        }
        out.put("densenet-overload", new Scenario(5, 5000, 500, 0, 8, dense, Policies.IDS, null));
        for (long seed = 1; seed <= 6; seed++) {
            out.put("random-" + seed, RandomScenarios.random(seed, seed % 2 == 0 ? 0.1 : 0, 6000));
        }
        return out;
    }

    private static Scenario speedScenario(int models, int devices, double totalRate, double durationMs) {
        List<ModelLoad> ms = new ArrayList<>();
        for (int i = 0; i < models; i++) {
            ms.add(ModelLoad.linear("resnet50-" + i, 2.05, 5.378, 27, totalRate / models, ModelLoad.Arrival.GAMMA, 0.5));
        }
        return new Scenario(11, durationMs, 0, 0, devices, ms, Policies.IDS, null);
    }

    static List<String> outcomes() {
        List<String> out = new ArrayList<>();
        scenarios().forEach((name, s) -> {
            for (String policy : Policies.IDS) {
                DecisionDigest d = new DecisionDigest(Policies.create(policy, s));
                SimulationResult r = Simulator.run(s.toSpec(), d);
                out.add(String.format(Locale.ROOT, "%s %s offered=%d good=%d late=%d dropped=%d batches=%d digest=%016x",
                        name, policy, r.offered(), r.good(), r.late(), r.dropped(), r.batches(), d.digest()));
            }
        });
        return out;
    }

    @Test
    void everyPolicyTakesThePinnedDecisions() {
        assertThat(outcomes()).containsExactlyElementsOf(PINNED);
    }

    /** Printed by {@link #main} (run it to re-pin after a deliberate change of decisions). */
    static final List<String> PINNED = List.of(
            "one-model symphony offered=400695 good=400695 late=0 dropped=0 batches=40119 digest=f0c76c482776b3f6",
            "one-model work-conserving offered=400695 good=373836 late=0 dropped=26859 batches=94430 digest=8fc0dd4400a7a9c2",
            "one-model clockwork offered=400695 good=400695 late=0 dropped=0 batches=84804 digest=cd9bf7e51c1ee2c0",
            "one-model nexus offered=400695 good=221008 late=0 dropped=179687 batches=153849 digest=d940d6003f7de600",
            "twenty-models symphony offered=179961 good=179585 late=0 dropped=376 batches=47189 digest=5ef6316e6e462e64",
            "twenty-models work-conserving offered=179961 good=179924 late=0 dropped=37 batches=50444 digest=3c4063f957a8f67c",
            "twenty-models clockwork offered=179961 good=179961 late=0 dropped=0 batches=50439 digest=f5f114d834970a2f",
            "twenty-models nexus offered=179961 good=120611 late=0 dropped=59350 batches=64637 digest=792e697130fa3990",
            "bursty-jitter symphony offered=4735 good=4735 late=0 dropped=0 batches=1150 digest=3354b3b094242c4d",
            "bursty-jitter work-conserving offered=4735 good=4735 late=0 dropped=0 batches=1202 digest=c04030e32a500d03",
            "bursty-jitter clockwork offered=4735 good=4735 late=0 dropped=0 batches=1211 digest=657b2f373a5d9be2",
            "bursty-jitter nexus offered=4735 good=4735 late=0 dropped=0 batches=1128 digest=538eda1adfe50e44",
            "densenet-overload symphony offered=39151 good=15453 late=0 dropped=23698 batches=1901 digest=f66a257d2aaa40b9",
            "densenet-overload work-conserving offered=39151 good=15453 late=0 dropped=23698 batches=1901 digest=f66a257d2aaa40b9",
            "densenet-overload clockwork offered=39151 good=3183 late=0 dropped=35968 batches=3161 digest=77d06c1a4e585997",
            "densenet-overload nexus offered=39151 good=5206 late=0 dropped=33945 batches=2956 digest=8bd9978286354de1",
            "random-1 symphony offered=5362 good=5238 late=0 dropped=124 batches=229 digest=1529c4b53c23d66e",
            "random-1 work-conserving offered=5362 good=5161 late=0 dropped=201 batches=225 digest=243bea47fa986c3f",
            "random-1 clockwork offered=5362 good=1095 late=0 dropped=4267 batches=774 digest=7bfa3def81008bd0",
            "random-1 nexus offered=5362 good=1062 late=0 dropped=4300 batches=563 digest=f145095a1cd5ebc8",
            "random-2 symphony offered=5304 good=5281 late=20 dropped=3 batches=701 digest=0b67aa70077421a1",
            "random-2 work-conserving offered=5304 good=5260 late=38 dropped=6 batches=695 digest=e289dd87f5b1f554",
            "random-2 clockwork offered=5304 good=3671 late=279 dropped=1354 batches=850 digest=5d8bd86d7a1c98d8",
            "random-2 nexus offered=5304 good=1829 late=201 dropped=3274 batches=790 digest=93b45162dc8137f8",
            "random-3 symphony offered=370 good=370 late=0 dropped=0 batches=252 digest=653463c311a680b6",
            "random-3 work-conserving offered=370 good=370 late=0 dropped=0 batches=252 digest=5a82df7f192a9800",
            "random-3 clockwork offered=370 good=370 late=0 dropped=0 batches=252 digest=5a82df7f192a9800",
            "random-3 nexus offered=370 good=370 late=0 dropped=0 batches=264 digest=73b45e1512df97c1",
            "random-4 symphony offered=5372 good=5372 late=0 dropped=0 batches=281 digest=5434a4e7635328e8",
            "random-4 work-conserving offered=5372 good=5372 late=0 dropped=0 batches=319 digest=ce0fd14609ced62a",
            "random-4 clockwork offered=5372 good=5274 late=98 dropped=0 batches=394 digest=20bd319b251789fd",
            "random-4 nexus offered=5372 good=3976 late=104 dropped=1292 batches=678 digest=4fff1915966eab42",
            "random-5 symphony offered=5451 good=5451 late=0 dropped=0 batches=1126 digest=974fc2980d5c0c78",
            "random-5 work-conserving offered=5451 good=5451 late=0 dropped=0 batches=1461 digest=d0376550676d1433",
            "random-5 clockwork offered=5451 good=5451 late=0 dropped=0 batches=1471 digest=e583d33c1d45dff4",
            "random-5 nexus offered=5451 good=5239 late=0 dropped=212 batches=1448 digest=1bb1713199b5ec10",
            "random-6 symphony offered=5169 good=5169 late=0 dropped=0 batches=1031 digest=9ed52c13ef0660d3",
            "random-6 work-conserving offered=5169 good=5169 late=0 dropped=0 batches=3381 digest=7303c9e38f42365b",
            "random-6 clockwork offered=5169 good=5169 late=0 dropped=0 batches=3403 digest=d1d17b7f4edfdb06",
            "random-6 nexus offered=5169 good=5169 late=0 dropped=0 batches=3311 digest=fa1208e0b71c9262"
    );

    public static void main(String[] args) {
        for (String line : outcomes()) System.out.println("            \"" + line + "\",");
    }
}
