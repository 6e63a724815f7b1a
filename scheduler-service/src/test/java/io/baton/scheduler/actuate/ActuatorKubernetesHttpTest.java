package io.baton.scheduler.actuate;

import static io.baton.scheduler.actuate.ActuatorHttp.IPA_BODY;
import static io.baton.scheduler.actuate.ActuatorHttp.json;
import static io.baton.scheduler.actuate.ActuatorHttp.send;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;

/**
 * scheduler-service configured as in k8s/'s overlays ({@code baton.scheduler.actuator.kind=kubernetes}), its API
 * server being fabric8's CRUD mock (reached through {@code master-url}): the actuator's routes over real HTTP scale
 * the Deployments, and refuse bad input with a problem naming the field.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.actuator.kind=kubernetes",
        "baton.scheduler.actuator.kubernetes.namespace=baton",
        "baton.scheduler.actuator.kubernetes.deployments.cpu=worker-cpu",
        "baton.scheduler.actuator.kubernetes.deployments.gpu=worker-gpu",
        "baton.scheduler.actuator.cooldown=0s",
        "baton.scheduler.actuator.max-replicas=16",
        "baton.scheduler.actuator.pools.gpu.max-replicas=4",
        "baton.scheduler.actuator.ipa.stage-pools.classify=gpu"})
@AutoConfigureObservability(tracing = false)
class ActuatorKubernetesHttpTest {

    static final KubernetesMockServer API = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
            new KubernetesCrudDispatcher(), false);
    static final KubernetesClient CLIENT;

    static {
        API.init();
        CLIENT = API.createClient();
    }

    @DynamicPropertySource
    static void apiServer(DynamicPropertyRegistry properties) {
        properties.add("baton.scheduler.actuator.kubernetes.master-url", () -> CLIENT.getConfiguration().getMasterUrl());
    }

    @AfterAll
    static void stopApiServer() {
        CLIENT.close();
        API.destroy();
    }

    @Autowired
    TestRestTemplate http;

    @Autowired
    Actuator actuator;

    @BeforeEach
    void deployments() {
        for (String[] d : new String[][] {{"worker-cpu", "cpu", "2"}, {"worker-gpu", "gpu", "1"}}) {
            CLIENT.apps().deployments().inNamespace("baton").withName(d[0]).delete();
            CLIENT.apps().deployments().inNamespace("baton")
                    .resource(KubernetesActuatorTest.deployment(d[0], d[1], Integer.parseInt(d[2]))).create();
        }
    }

    int replicas(String name) {
        return CLIENT.apps().deployments().inNamespace("baton").withName(name).get().getSpec().getReplicas();
    }

    @Test
    void theKubernetesActuatorIsTheOneConfigured() {
        assertThat(actuator).isInstanceOf(KubernetesActuator.class);
        assertThat(((KubernetesActuator) actuator).namespace()).isEqualTo("baton");

        JsonNode state = json(http.getForEntity("/v1/actuator/state", String.class));

        assertThat(state.get("kind").asText()).isEqualTo("kubernetes");
        assertThat(state.at("/autoscale/enabled").asBoolean()).as("off unless enabled").isFalse();
        assertThat(state.at("/pools/0/pool").asText()).isEqualTo("cpu");
        assertThat(state.at("/pools/0/target").asText()).isEqualTo("deployment baton/worker-cpu");
        assertThat(state.at("/pools/0/desired").asInt()).isEqualTo(2);
        assertThat(state.at("/pools/0/maxReplicas").asInt()).isEqualTo(16);
        assertThat(state.at("/pools/1/pool").asText()).isEqualTo("gpu");
        assertThat(state.at("/pools/1/maxReplicas").asInt()).isEqualTo(4);
    }

    @Test
    void aPoolScaledByHandChangesItsDeployment() {
        ResponseEntity<String> response = send(http, HttpMethod.PUT, "/v1/actuator/pools/cpu",
                "{\"replicas\":5,\"reason\":\"load test at 11:00\"}");

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.OK);
        JsonNode action = json(response);
        assertThat(action.get("outcome").asText()).isEqualTo("APPLIED");
        assertThat(action.get("from").asInt()).isEqualTo(2);
        assertThat(action.get("target").asInt()).isEqualTo(5);
        assertThat(action.get("source").asText()).isEqualTo("manual");
        assertThat(replicas("worker-cpu")).isEqualTo(5);
        assertThat(CLIENT.apps().deployments().inNamespace("baton").withName("worker-cpu").get().getMetadata()
                .getAnnotations()).containsEntry(KubernetesActuator.REASON_ANNOTATION, "load test at 11:00");

        JsonNode state = json(http.getForEntity("/v1/actuator/state", String.class));
        assertThat(state.at("/pools/0/desired").asInt()).isEqualTo(5);
        assertThat(state.at("/actions/0/reason").asText()).isEqualTo("load test at 11:00");
    }

    @Test
    void anIpaPlanIsAppliedToTheStagesPools() {
        ResponseEntity<String> plan = send(http, HttpMethod.POST, "/v1/plans/ipa", IPA_BODY);
        assertThat(plan.getStatusCode()).isEqualTo(HttpStatus.OK);
        JsonNode planned = json(plan);
        int detect = planned.at("/stages/0/replicas").asInt();
        int classify = planned.at("/stages/1/replicas").asInt();

        ResponseEntity<String> response = send(http, HttpMethod.POST, "/v1/plans/ipa/apply", IPA_BODY);

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.OK);
        JsonNode applied = json(response);
        assertThat(applied.get("plan")).as("the plan POST /v1/plans/ipa answers").isEqualTo(planned);
        assertThat(applied.at("/pools/0/pool").asText()).isEqualTo("cpu");
        assertThat(applied.at("/pools/0/stages/0").asText()).isEqualTo("detect");
        assertThat(applied.at("/pools/1/pool").asText()).isEqualTo("gpu");
        assertThat(applied.at("/actions/0/outcome").asText()).isEqualTo("APPLIED");
        assertThat(replicas("worker-cpu")).isEqualTo(detect);
        assertThat(replicas("worker-gpu")).isEqualTo(Math.min(4, classify));
    }

    @Test
    void badInputIsAProblemNamingTheField() {
        String[][] cases = {
                {"PUT", "/v1/actuator/pools/cpu", "{\"replicas\":-1}", "400", "replicas"},
                {"PUT", "/v1/actuator/pools/cpu", "{\"reason\":\"x\"}", "400", "replicas"},
                {"PUT", "/v1/actuator/pools/cpu", "{\"replica\":3}", "400", "replica"},
                {"PUT", "/v1/actuator/pools/cpu", "{\"replicas\":\"many\"}", "400", "replicas"},
                {"PUT", "/v1/actuator/pools/tpu", "{\"replicas\":1}", "404", "tpu"},
                {"POST", "/v1/plans/ipa/apply", IPA_BODY.replace("\"slaMs\":2000", "\"slaMs\":-5"), "400", "slaMs"},
                {"POST", "/v1/plans/ipa/apply", IPA_BODY.replace("\"maxReplicas\":16", "\"maxReplica\":16"), "400",
                        "maxReplica"},
                {"POST", "/v1/plans/ipa/apply", "", "400", "input"},
                {"POST", "/v1/plans/ipa/apply", IPA_BODY.replace("\"slaMs\":2000", "\"slaMs\":10"), "409", "slaMs"},
        };
        for (String[] c : cases) {
            ResponseEntity<String> response = send(http, HttpMethod.valueOf(c[0]), c[1], c[2]);
            assertThat(response.getStatusCode().value()).as(c[1] + " " + c[2]).isEqualTo(Integer.parseInt(c[3]));
            assertThat(response.getHeaders().getContentType().toString()).startsWith("application/problem+json");
            JsonNode problem = json(response);
            assertThat(problem.get("type").asText()).startsWith("urn:baton:problem:");
            assertThat(problem.get("detail").asText() + " " + problem.path("field").asText()).as(c[2]).contains(c[4]);
        }
        assertThat(replicas("worker-cpu")).as("nothing scaled").isEqualTo(2);
        assertThat(json(send(http, HttpMethod.POST, "/v1/plans/ipa/apply",
                IPA_BODY.replace("\"slaMs\":2000", "\"slaMs\":10"))).get("type").asText())
                .isEqualTo("urn:baton:problem:infeasible-plan");
    }

    @Test
    void anApiServerErrorIsAFailedActionInTheStateAndAMetric() {
        CLIENT.apps().deployments().inNamespace("baton").withName("worker-gpu").delete();

        ResponseEntity<String> response = send(http, HttpMethod.PUT, "/v1/actuator/pools/gpu", "{\"replicas\":2}");

        assertThat(response.getStatusCode()).as("the request was valid: the action says what happened")
                .isEqualTo(HttpStatus.OK);
        assertThat(json(response).get("outcome").asText()).isEqualTo("FAILED");
        assertThat(json(response).get("detail").asText()).contains("deployment baton/worker-gpu not found");
        JsonNode state = json(http.getForEntity("/v1/actuator/state", String.class));
        assertThat(state.at("/pools/1/lastError").asText()).contains("not found");
        assertThat(state.at("/pools/1/current").isNull()).isTrue();
        assertThat(http.getForObject("/actuator/prometheus", String.class))
                .containsPattern("baton_actuator_errors_total\\{[^}]*pool=\"gpu\"")
                .containsPattern("baton_actuator_scalings_total\\{[^}]*outcome=\"failed\"");
    }
}
