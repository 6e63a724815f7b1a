package io.baton.scheduler.ipa;

import static io.baton.core.policy.PolicyIds.IPA;

import io.baton.core.security.InternalCredentials;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.core.ipa.StageConfig;
import io.baton.scheduler.SchedulerProperties;
import io.baton.scheduler.actuate.ActuatorProperties;
import io.baton.scheduler.actuate.ScalingService;
import io.baton.scheduler.dispatch.DispatchService;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.baton.commons.http.CallFailures;
import io.baton.commons.http.HttpClients;
import io.baton.commons.http.ServiceClient;

/**
 * IPA's adaptation loop on the live suite (the paper's adapter loop, §3): every {@code baton.scheduler.ipa-interval} it
 * re-plans each pipeline IPA planned before ({@link DispatchService#replanPipelines}), and whenever a plan's stage
 * configuration changes it
 * <ul>
 *   <li>applies the replicas through the actuator ({@link ScalingService}: bounds, cooldown and errors are its), each
 *       stage's replicas added up per worker pool ({@code baton.scheduler.actuator.ipa.stage-pools}, else the
 *       default pool), as {@code POST /v1/plans/ipa/apply} does;</li>
 *   <li>records the plan in the registry ({@code POST /v1/plans}, policy {@code ipa});</li>
 *   <li>counts the change and shows each stage's batch and replicas as gauges
 *       ({@code baton_ipa_plan_changes_total}, {@code baton_ipa_stage_batch_size}, {@code baton_ipa_stage_replicas},
 *       {@code baton_ipa_planned_rate}).</li>
 * </ul>
 * The replica cap IPA plans with is the live workers, except where the Kubernetes actuator can add workers: there it
 * is the pool's {@code max-replicas}.
 */
public class IpaLiveAdapter implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(IpaLiveAdapter.class);

    private final ScalingService scaling;
    private final ActuatorProperties actuator;
    private final MeterRegistry meters;
    private final ObjectMapper json;
    private final ServiceClient registry;
    private final ScheduledExecutorService loop;
    private final Map<String, AtomicInteger> gauges = new ConcurrentHashMap<>();
    /** Whether this scheduler leads: a standby neither re-plans nor scales nor records plans. */
    private volatile java.util.function.BooleanSupplier leading = () -> true;

    public IpaLiveAdapter(LivePipelinePlanner planner, DispatchService dispatch, ScalingService scaling,
                          ActuatorProperties actuator, SchedulerProperties properties, MeterRegistry meters,
                          ObjectMapper json, InternalCredentials credentials) {
        this.registry = new ServiceClient(properties.registryUrl(), HttpClients.internal(credentials, Duration.ofSeconds(2)),
                Duration.ofSeconds(5), new NotRecorded());
        this.scaling = scaling;
        this.actuator = actuator;
        this.meters = meters;
        this.json = json;
        if (ActuatorProperties.KUBERNETES.equals(actuator.kind())) {
            planner.replicaCap(live -> Math.max(live, actuator.maxReplicas(actuator.ipa().defaultPool())));
        }
        planner.listener(this::changed);
        long every = properties.ipaInterval().toMillis();
        this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ipa-adapter");
            t.setDaemon(true);
            return t;
        });
        loop.scheduleWithFixedDelay(() -> {
            if (!leading.getAsBoolean()) return;
            try {
                dispatch.replanPipelines();
            } catch (RuntimeException e) {
                log.warn("ipa: re-planning failed: {}", e.toString());
            }
        }, every, every, TimeUnit.MILLISECONDS);
    }

    /** Only the leading scheduler adapts: while {@code leading} says no, its turns are skipped. */
    public void onlyWhile(java.util.function.BooleanSupplier leading) {
        this.leading = leading;
    }

    private void changed(LivePipelinePlanner.LivePlan previous, LivePipelinePlanner.LivePlan next) {
        if (!leading.getAsBoolean()) return;
        String app = next.application();
        Counter.builder("baton_ipa_plan_changes_total").description("IPA live plans whose stage configuration changed")
                .tags(Tags.of("application", app)).register(meters).increment();
        gauge("baton_ipa_planned_rate", app, null, (int) Math.round(next.plannedRatePerSec()));
        for (StageConfig c : next.stages()) {
            gauge("baton_ipa_stage_batch_size", app, c.stage(), c.batch());
            gauge("baton_ipa_stage_replicas", app, c.stage(), c.replicas());
        }
        applyReplicas(next);
        record(next);
    }

    private void gauge(String name, String app, String stage, int value) {
        Tags tags = stage == null ? Tags.of("application", app) : Tags.of("application", app, "stage", stage);
        gauges.computeIfAbsent(name + tags, k -> {
            AtomicInteger holder = new AtomicInteger();
            Gauge.builder(name, holder, AtomicInteger::get).tags(tags).register(meters);
            return holder;
        }).set(value);
    }

    private void applyReplicas(LivePipelinePlanner.LivePlan plan) {
        Map<String, Integer> perPool = new TreeMap<>();
        List<String> what = new ArrayList<>();
        for (StageConfig c : plan.stages()) {
            perPool.merge(actuator.ipa().poolOf(c.stage()), c.replicas(), Integer::sum);
            what.add(c.stage() + " " + c.variant() + " × " + c.replicas());
        }
        for (Map.Entry<String, Integer> e : perPool.entrySet()) {
            if (!scaling.actuator().pools().contains(e.getKey())) continue;
            scaling.apply(e.getKey(), e.getValue(), IPA, "IPA live plan of " + plan.application() + " at "
                    + String.format(java.util.Locale.ROOT, "%.1f", plan.plannedRatePerSec()) + " req/s: "
                    + String.join(" + ", what));
        }
    }

    private void record(LivePipelinePlanner.LivePlan plan) {
        ObjectNode body = json.createObjectNode();
        body.put("policy", IPA).put("application", plan.application()).set("plan", json.valueToTree(plan));
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        // on the adapter's own thread: whoever changed the plan never waits for the registry
        loop.execute(() -> {
            try {
                registry.write("POST", "/v1/plans", "application/json", bytes, "application/json");
            } catch (NotRecordedException e) {
                log.warn("ipa: the plan of {} was not recorded in the registry: {}", plan.application(), e.getMessage());
            }
        });
    }

    /** Why the registry did not record a plan, as the warning words it: the failure, or the status and the body. */
    private static final class NotRecorded implements CallFailures {

        @Override
        public RuntimeException unreachable(HttpRequest request, IOException cause) {
            return new NotRecordedException(cause.toString());
        }

        @Override
        public RuntimeException interrupted(HttpRequest request, InterruptedException cause) {
            return new NotRecordedException(cause.toString());
        }

        @Override
        public RuntimeException answered(HttpRequest request, HttpResponse<byte[]> response) {
            return new NotRecordedException(response.statusCode() + " " + new String(response.body(), StandardCharsets.UTF_8));
        }
    }

    private static final class NotRecordedException extends RuntimeException {
        NotRecordedException(String why) {
            super(why, null, false, false);
        }
    }

    @Override
    public void close() {
        loop.shutdownNow();
    }
}
