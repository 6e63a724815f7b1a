package io.baton.scheduler.actuate;

import static io.baton.core.policy.PolicyIds.IPA;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.http.HttpStatus;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.plan.Plans;
import io.baton.scheduler.web.ApiException;

/**
 * Applies an IPA plan: the body of {@code POST /v1/plans/ipa} is planned exactly as that route (and
 * {@code baton plan ipa}) plans it, and every worker pool named by the plan's stages is scaled to its replicas.
 *
 * <p>Stages → pools: each replica of a stage is one worker of the stage's pool
 * ({@code baton.scheduler.actuator.ipa.stage-pools.<stage>}, else {@code ipa.default-pool}, {@code cpu}): a worker
 * serves one device (one CPU slice or one GPU), and IPA sizes a stage in replicas of one model each. Stages of one
 * pool share it, so the pool is scaled to the sum of their replicas. Pools named by no stage are left as they are.
 */
public record IpaPlanApplier(ScalingService scaling, IpaPoolSettings mapping) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What an applied plan did.
     *
     * @param plan    the plan, as {@code POST /v1/plans/ipa} answers it
     * @param pools   per pool: the replicas it was asked for and the stages they serve
     * @param actions the scaling of each pool, in pool order
     */
    public record AppliedPlan(JsonNode plan, List<PoolTarget> pools, List<ScalingAction> actions) {
    }

    /**
     * @param pool     the pool
     * @param replicas Σ replicas of its stages
     * @param stages   the stages it serves, in pipeline order
     */
    public record PoolTarget(String pool, int replicas, List<String> stages) {
    }

    /**
     * Plans {@code body} and scales the pools.
     *
     * @throws io.baton.core.plan.InputException bad input (400, the field named, as for {@code POST /v1/plans/ipa})
     * @throws ApiException                     409 when the plan is infeasible or names a pool the actuator does not manage;
     *                                          nothing is scaled then
     */
    public AppliedPlan apply(String body) {
        String line = Plans.plan(IPA, body == null ? "" : body);
        JsonNode plan;
        try {
            plan = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("baton plan " + IPA + " printed no JSON: " + line, e);
        }
        if (!plan.path("feasible").asBoolean(false)) {
            throw new ApiException(HttpStatus.CONFLICT, "infeasible-plan",
                    "no configuration of the pipeline meets slaMs at arrivalRate with maxReplicas: nothing was scaled")
                    .with("plan", plan);
        }
        Map<String, PoolTarget> targets = new TreeMap<>();
        for (JsonNode stage : plan.path("stages")) {
            String name = stage.path("name").asText();
            String pool = mapping.poolOf(name);
            if (!scaling.actuator().pools().contains(pool)) {
                throw new ApiException(HttpStatus.CONFLICT, "unknown-pool", "stage '" + name + "' runs on pool '" + pool
                        + "' (baton.scheduler.actuator.ipa), which the " + scaling.actuator().kind()
                        + " actuator does not manage (pools: " + String.join(", ", scaling.actuator().pools())
                        + "): nothing was scaled").with("stage", name);
            }
            PoolTarget t = targets.getOrDefault(pool, new PoolTarget(pool, 0, List.of()));
            List<String> stages = new ArrayList<>(t.stages());
            stages.add(name);
            targets.put(pool, new PoolTarget(pool, t.replicas() + stage.path("replicas").asInt(), List.copyOf(stages)));
        }
        List<ScalingAction> actions = new ArrayList<>();
        for (PoolTarget t : targets.values()) {
            actions.add(scaling.apply(t.pool(), t.replicas(), IPA, "IPA plan: " + String.join(" + ",
                    t.stages().stream().map(s -> s + " " + replicasOf(plan, s)).toList()) + " replicas (objective "
                    + plan.path("objective").asText() + ")"));
        }
        return new AppliedPlan(plan, List.copyOf(targets.values()), actions);
    }

    private static String replicasOf(JsonNode plan, String stage) {
        for (JsonNode s : plan.path("stages")) {
            if (s.path("name").asText().equals(stage)) {
                return s.path("variant").asText() + " × " + s.path("replicas").asInt();
            }
        }
        return "?";
    }
}
