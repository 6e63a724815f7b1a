package io.baton.scheduler.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.baton.core.plan.Plans;
import io.baton.core.domain.DropReason;
import io.baton.commons.membership.DeviceDescription;
import io.baton.commons.membership.WorkerRegistration;
import io.baton.scheduler.actuate.ScalingAction.Outcome;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.metrics.ServingMetrics;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * The Kubernetes actuator against fabric8's mock API server in CRUD mode (it keeps the objects it is sent, and
 * applies merge patches to them as the API server does): Deployments like k8s/'s worker-cpu and worker-gpu are
 * created, then scaled by Symphony's advice, by an IPA plan and by hand, within the bounds and the cooldown; an API
 * error is reported, never thrown.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesActuatorTest {

    static final String NS = "baton";

    KubernetesMockServer server;
    KubernetesClient client;

    final MutableClock clock = new MutableClock();
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final WorkerRegistry workers = new WorkerRegistry(clock, Duration.ofHours(1));
    final ServingMetrics metrics = new ServingMetrics(meters);

    @BeforeEach
    void deployments() {
        client.apps().deployments().inNamespace(NS).resource(deployment("worker-cpu", "cpu", 2)).create();
        client.apps().deployments().inNamespace(NS).resource(deployment("worker-gpu", "gpu", 1)).create();
    }

    static Deployment deployment(String name, String kind, int replicas) {
        return new DeploymentBuilder()
                .withNewMetadata().withName(name).withNamespace(NS)
                .addToLabels("app.kubernetes.io/name", "worker-service").addToLabels("baton.io/device-kind", kind)
                .endMetadata()
                .withNewSpec().withReplicas(replicas)
                .withNewSelector().addToMatchLabels("baton.io/device-kind", kind).endSelector()
                .withNewTemplate().withNewMetadata().addToLabels("baton.io/device-kind", kind).endMetadata()
                .withNewSpec().addNewContainer().withName("worker").withImage("baton/worker-service:0.1.0").endContainer()
                .endSpec().endTemplate()
                .endSpec().build();
    }

    KubernetesActuator actuator() {
        return new KubernetesActuator(client, NS, Map.of("cpu", "worker-cpu", "gpu", "worker-gpu"), clock);
    }

    ScalingService scaling(ActuatorProperties properties) {
        return new ScalingService(actuator(), properties, workers, clock, meters);
    }

    static ActuatorProperties bounds(Duration cooldown, int min, int max) {
        return ActuatorSettings.bind(Map.of("kind", "kubernetes", "cooldown", cooldown, "min-replicas", min,
                "max-replicas", max));
    }

    int replicas(String name) {
        return client.apps().deployments().inNamespace(NS).withName(name).get().getSpec().getReplicas();
    }

    String annotation(String name, String key) {
        return client.apps().deployments().inNamespace(NS).withName(name).get().getMetadata().getAnnotations().get(key);
    }

    @Test
    void readsAndScalesTheDeploymentRecordingTheReason() {
        KubernetesActuator actuator = actuator();
        assertThat(actuator.pools()).containsExactly("cpu", "gpu");
        PoolReading cpu = actuator.read("cpu");
        assertThat(cpu.desired()).isEqualTo(2);
        assertThat(cpu.target()).isEqualTo("deployment baton/worker-cpu");

        actuator.scale("cpu", 5, "because a test says so");

        assertThat(replicas("worker-cpu")).isEqualTo(5);
        assertThat(replicas("worker-gpu")).isEqualTo(1);
        assertThat(annotation("worker-cpu", KubernetesActuator.REASON_ANNOTATION)).isEqualTo("because a test says so");
        assertThat(annotation("worker-cpu", KubernetesActuator.SCALED_AT_ANNOTATION)).isEqualTo(clock.instant().toString());
        assertThat(actuator.read("cpu").desired()).isEqualTo(5);
    }

    @Test
    void boundsAndCooldownHold() {
        // actuator-wide bounds [1, 4]; the gpu pool's own ceiling is 2
        ActuatorProperties properties = ActuatorSettings.bind(Map.of("kind", "kubernetes", "cooldown",
                Duration.ofSeconds(60), "min-replicas", 1, "max-replicas", 4, "pools.gpu.max-replicas", 2));
        ScalingService scaling = scaling(properties);

        ScalingAction up = scaling.apply("cpu", 10, "manual", "more");
        assertThat(up.outcome()).isEqualTo(Outcome.APPLIED);
        assertThat(up.from()).isEqualTo(2);
        assertThat(up.requested()).isEqualTo(10);
        assertThat(up.target()).isEqualTo(4);
        assertThat(up.detail()).contains("[1, 4]");
        assertThat(replicas("worker-cpu")).isEqualTo(4);

        clock.advance(Duration.ofSeconds(59));
        ScalingAction tooSoon = scaling.apply("cpu", 2, "manual", "fewer");
        assertThat(tooSoon.outcome()).isEqualTo(Outcome.COOLDOWN);
        assertThat(tooSoon.detail()).contains("cooldown");
        assertThat(replicas("worker-cpu")).as("not scaled during the cooldown").isEqualTo(4);
        assertThat(scaling.pools()).filteredOn(p -> p.pool().equals("cpu")).singleElement()
                .satisfies(p -> assertThat(p.cooldownUntil()).isEqualTo(up.at().plusSeconds(60)));

        // another pool has its own cooldown, and its own bound
        ScalingAction gpu = scaling.apply("gpu", 3, "manual", "more GPUs");
        assertThat(gpu.outcome()).isEqualTo(Outcome.APPLIED);
        assertThat(gpu.target()).isEqualTo(2);
        assertThat(replicas("worker-gpu")).isEqualTo(2);

        clock.advance(Duration.ofSeconds(1));
        assertThat(scaling.apply("cpu", 0, "manual", "none").target()).as("floor 1").isEqualTo(1);
        assertThat(replicas("worker-cpu")).isEqualTo(1);
        clock.advance(Duration.ofSeconds(1));
        ScalingAction same = scaling.apply("cpu", 1, "manual", "same");
        assertThat(same.outcome()).as("same count: nothing to do, not refused by the cooldown").isEqualTo(Outcome.UNCHANGED);

        assertThat(scaling.history()).extracting(ScalingAction::outcome).containsExactly(
                Outcome.UNCHANGED, Outcome.APPLIED, Outcome.APPLIED, Outcome.COOLDOWN, Outcome.APPLIED);
        assertThat(meters.get("baton.actuator.scalings").tag("pool", "cpu").tag("outcome", "applied").counter().count())
                .isEqualTo(2);
        assertThat(meters.get("baton.actuator.desired.replicas").tag("pool", "cpu").gauge().value()).isEqualTo(1);
    }

    @Test
    void symphonyAdviceScalesTheDeploymentsEveryEpoch() {
        ScalingService scaling = scaling(bounds(Duration.ofSeconds(30), 1, 16));
        AutoscaleSettings settings = ActuatorSettings.autoscaleEvery(Duration.ofSeconds(60));
        register("cpu-a", "cpu");
        register("cpu-b", "cpu");
        register("gpu-a", "gpu");
        EpochAutoscaler autoscaler = new EpochAutoscaler(scaling, workers, metrics, settings, clock);

        // Epoch 1, overloaded: 6 of 10 requests went bad, r = 0.6, r/(1−r) = 1.5: cpu N = 2 adds ⌈3⌉, gpu N = 1 adds ⌈1.5⌉.
        for (int i = 0; i < 4; i++) metrics.servedOnTime("app", 10, true);
        for (int i = 0; i < 3; i++) metrics.servedOnTime("app", 200, false);
        for (int i = 0; i < 3; i++) metrics.dropped("app", DropReason.DEADLINE_UNMEETABLE);
        clock.advance(Duration.ofSeconds(60));
        EpochReport first = autoscaler.runEpoch();

        assertThat(first.requests()).isEqualTo(10);
        assertThat(first.badRate()).isEqualTo(0.6);
        assertThat(first.pools()).extracting(EpochReport.PoolAdvice::pool, EpochReport.PoolAdvice::workers,
                EpochReport.PoolAdvice::add).containsExactly(
                org.assertj.core.groups.Tuple.tuple("cpu", 2, 3), org.assertj.core.groups.Tuple.tuple("gpu", 1, 2));
        assertThat(replicas("worker-cpu")).isEqualTo(5);
        assertThat(replicas("worker-gpu")).isEqualTo(3);
        assertThat(annotation("worker-cpu", KubernetesActuator.REASON_ANNOTATION))
                .contains("symphony autoscaling").contains("bad rate 0.6000");

        // Epoch 2, the new pods are not up yet (still 2 cpu workers live) and the overload goes on at a lower rate:
        // the advice (2 + ⌈2·0.25⌉ = 3) is below what was already asked (5), so nothing shrinks.
        clock.advance(Duration.ofSeconds(60));
        for (int i = 0; i < 8; i++) metrics.servedOnTime("app", 10, true);
        for (int i = 0; i < 2; i++) metrics.failed("app");
        EpochReport second = autoscaler.runEpoch();
        assertThat(second.badRate()).isEqualTo(0.2);
        assertThat(second.pools().get(0).action().outcome()).isEqualTo(Outcome.UNCHANGED);
        assertThat(replicas("worker-cpu")).isEqualTo(5);

        // Epoch 3, underloaded: nothing went bad and no worker was busy (f = 1): cpu releases ⌊2·1⌋ capped to keep
        // one; gpu has one worker, which is always kept.
        clock.advance(Duration.ofSeconds(60));
        for (int i = 0; i < 5; i++) metrics.servedOnTime("app", 10, true);
        EpochReport third = autoscaler.runEpoch();
        assertThat(third.badRate()).isZero();
        assertThat(third.pools().get(0).idleFraction()).isEqualTo(1.0);
        assertThat(third.pools().get(0).release()).isEqualTo(1);
        assertThat(third.pools().get(1).action()).as("gpu holds").isNull();
        assertThat(replicas("worker-cpu")).isEqualTo(1);
        assertThat(replicas("worker-gpu")).isEqualTo(3);
        assertThat(autoscaler.last()).contains(third);
    }

    @Test
    void anIpaPlanScalesEachStagesPoolToItsReplicas() throws Exception {
        ScalingService scaling = scaling(bounds(Duration.ofSeconds(60), 1, 16));
        IpaPlanApplier applier = new IpaPlanApplier(scaling, new IpaPoolSettings("cpu", Map.of("classify", "gpu")));
        String body = """
                {"arrivalRate":100,"slaMs":2000,"weights":{"alpha":2,"beta":0.01,"delta":1e-6},"batchSizes":[1,2,4],
                 "maxReplicas":16,"stages":[
                  {"name":"detect","variants":[{"name":"yolov5n","accuracy":0.457,"cores":1,"latencyMs":{"1":80,"2":110,"4":170}}]},
                  {"name":"classify","variants":[{"name":"resnet18","accuracy":0.69,"cores":1,"latencyMs":{"1":30,"2":45,"4":70}}]}]}""";
        var plan = new com.fasterxml.jackson.databind.ObjectMapper().readTree(Plans.plan("ipa", body));
        int detect = plan.at("/stages/0/replicas").asInt();
        int classify = plan.at("/stages/1/replicas").asInt();
        assertThat(detect).as("the example needs more than the 2 CPU workers there are").isGreaterThan(2);

        IpaPlanApplier.AppliedPlan applied = applier.apply(body);

        assertThat(applied.plan()).isEqualTo(plan);
        assertThat(applied.pools()).containsExactly(new IpaPlanApplier.PoolTarget("cpu", detect, List.of("detect")),
                new IpaPlanApplier.PoolTarget("gpu", classify, List.of("classify")));
        assertThat(replicas("worker-cpu")).isEqualTo(detect);
        assertThat(replicas("worker-gpu")).isEqualTo(classify);
        assertThat(applied.actions()).extracting(ScalingAction::source).containsOnly("ipa");
        assertThat(annotation("worker-cpu", KubernetesActuator.REASON_ANNOTATION)).contains("IPA plan: detect yolov5n × " + detect);

        // stages sharing a pool add up
        ScalingService later = scaling(bounds(Duration.ZERO, 1, 16));
        new IpaPlanApplier(later, new IpaPoolSettings("cpu", Map.of())).apply(body);
        assertThat(replicas("worker-cpu")).isEqualTo(detect + classify);
    }

    @Test
    void anApiServerErrorIsReportedNotThrown() {
        KubernetesActuator withMissing = new KubernetesActuator(client, NS,
                Map.of("cpu", "worker-cpu", "tpu", "worker-tpu"), clock);
        ScalingService scaling = new ScalingService(withMissing, bounds(Duration.ZERO, 1, 8), workers, clock, meters);

        ScalingAction missing = scaling.apply("tpu", 2, "manual", "no such Deployment");

        assertThat(missing.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(missing.detail()).contains("baton/worker-tpu").contains("not found");
        assertThat(meters.get("baton.actuator.errors").tag("pool", "tpu").counter().count()).isEqualTo(1);
        assertThat(scaling.pools()).filteredOn(p -> p.pool().equals("tpu")).singleElement().satisfies(p -> {
            assertThat(p.lastError()).contains("not found");
            assertThat(p.current()).isNull();
        });
        // the other pool is unaffected
        assertThat(scaling.apply("cpu", 3, "manual", "fine").outcome()).isEqualTo(Outcome.APPLIED);
        assertThat(replicas("worker-cpu")).isEqualTo(3);
    }

    @Test
    void aRefusalByTheApiServerIsReportedWithItsStatus() {
        // An API server that lets the scheduler read the Deployment but not patch it (RBAC without patch).
        KubernetesMockServer strict = new KubernetesMockServer(false);
        strict.init();
        try (KubernetesClient c = strict.createClient()) {
            strict.expect().get().withPath("/apis/apps/v1/namespaces/baton/deployments/worker-cpu")
                    .andReturn(200, deployment("worker-cpu", "cpu", 2)).always();
            strict.expect().patch().withPath("/apis/apps/v1/namespaces/baton/deployments/worker-cpu")
                    .andReturn(403, new StatusBuilder().withStatus("Failure").withCode(403).withReason("Forbidden")
                            .withMessage("deployments.apps \"worker-cpu\" is forbidden: User "
                                    + "\"system:serviceaccount:baton:scheduler-service\" cannot patch resource")
                            .build()).always();
            KubernetesActuator actuator = new KubernetesActuator(c, NS, Map.of("cpu", "worker-cpu"), clock);
            ScalingService scaling = new ScalingService(actuator, bounds(Duration.ZERO, 1, 8), workers, clock, meters);

            ScalingAction[] action = new ScalingAction[1];
            assertThatCode(() -> action[0] = scaling.apply("cpu", 4, "manual", "more")).doesNotThrowAnyException();

            assertThat(action[0].outcome()).isEqualTo(Outcome.FAILED);
            assertThat(action[0].from()).isEqualTo(2);
            assertThat(action[0].detail()).contains("HTTP 403").contains("cannot patch resource");
            assertThat(meters.get("baton.actuator.errors").tag("operation", "scale").counter().count()).isEqualTo(1);
        } finally {
            strict.destroy();
        }
    }

    @Test
    void anUnreachableApiServerIsReportedAndTheEpochLoopGoesOn() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        try (KubernetesClient unreachable = new KubernetesClientBuilder().withConfig(new ConfigBuilder()
                .withMasterUrl("http://127.0.0.1:" + closed).withRequestRetryBackoffLimit(0)
                .withConnectionTimeout(2000).build()).build()) {
            KubernetesActuator actuator = new KubernetesActuator(unreachable, NS, Map.of("cpu", "worker-cpu"), clock);
            ScalingService scaling = new ScalingService(actuator, bounds(Duration.ZERO, 1, 8), workers, clock, meters);
            register("cpu-a", "cpu");
            register("cpu-b", "cpu");
            EpochAutoscaler autoscaler = new EpochAutoscaler(scaling, workers, metrics,
                    ActuatorSettings.autoscaleEvery(Duration.ofSeconds(60)), clock);
            metrics.dropped("app", DropReason.NO_DEVICE);
            clock.advance(Duration.ofSeconds(60));

            EpochReport report = autoscaler.runEpoch();

            ScalingAction action = report.pools().get(0).action();
            assertThat(action.outcome()).isEqualTo(Outcome.FAILED);
            assertThat(action.detail()).contains("cannot read deployment baton/worker-cpu");
            assertThat(scaling.pools().get(0).lastError()).isNotBlank();
        }
    }

    private void register(String id, String kind) {
        DeviceDescription device = new DeviceDescription(id, kind, kind.equals("gpu") ? "cuda" : "cpu", 2, "Test CPU",
                null, null, 8L << 30, 1L << 30, 0, 1, "1.23.2", List.of("CPUExecutionProvider"));
        workers.register(new WorkerRegistration(id, "http://127.0.0.1:9/" + id, device, List.of()));
    }
}
