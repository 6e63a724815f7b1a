package io.baton.gateway.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.Tensor;
import io.baton.gateway.GatewayException;

/** The scheduler's inference contract as the gateway writes and reads it (scheduler-service/README.md). */
class SchedulerWireTest {

    final ObjectMapper json = new ObjectMapper();
    final SchedulerWire wire = new SchedulerWire(json);

    @Test
    void callsCarryTensorsAsBase64AndAskForBinaryOutputs() throws Exception {
        Tensor x = Tensor.ofFloats("input", new long[] {1, 2}, 0.5f, -1f);
        JsonNode body = json.readTree(wire.encode(new SchedulerCall("app", "v1", 95.5, 3, List.of(x),
                List.of("probabilities"))));
        assertThat(body.get("application").asText()).isEqualTo("app");
        assertThat(body.get("variant").asText()).isEqualTo("v1");
        assertThat(body.get("timeoutMs").asDouble()).isEqualTo(95.5);
        assertThat(body.get("priority").asInt()).isEqualTo(3);
        assertThat(body.at("/inputs/0/name").asText()).isEqualTo("input");
        assertThat(body.at("/inputs/0/datatype").asText()).isEqualTo("FP32");
        assertThat(body.at("/inputs/0/shape").toString()).isEqualTo("[1,2]");
        assertThat(Base64.getDecoder().decode(body.at("/inputs/0/base64").asText())).isEqualTo(x.bytes());
        assertThat(body.at("/outputs/0").asText()).isEqualTo("probabilities");
        assertThat(body.get("binaryOutputs").asBoolean()).isTrue();

        JsonNode noVariant = json.readTree(wire.encode(new SchedulerCall("app", null, 10, 0, List.of(x), null)));
        assertThat(noVariant.has("variant")).isFalse();
        assertThat(noVariant.has("outputs")).isFalse();
    }

    @Test
    void answersAreReadFromBase64OrData() {
        String b64 = Base64.getEncoder().encodeToString(Tensor.ofFloats("p", new long[] {1, 2}, 0.25f, 0.75f).bytes());
        SchedulerAnswer a = wire.decode(("""
                {"application": "app", "variant": "v1", "variantDigest": "x", "workerId": "cpu-0", "batchSize": 6,
                 "outputs": [{"name": "p", "datatype": "FP32", "shape": [1, 2], "base64": "%s"},
                             {"name": "q", "datatype": "INT64", "shape": [1, 1], "data": [[42]]}],
                 "timing": {"queueMs": 3.1, "executionMs": 1.2, "totalMs": 4.9}}""").formatted(b64)
                .getBytes(StandardCharsets.UTF_8));
        assertThat(a.variant()).isEqualTo("v1");
        assertThat(a.workerId()).isEqualTo("cpu-0");
        assertThat(a.batchSize()).isEqualTo(6);
        assertThat(a.queueMs()).isEqualTo(3.1);
        assertThat(a.executionMs()).isEqualTo(1.2);
        assertThat(a.totalMs()).isEqualTo(4.9);
        assertThat(a.outputs().get(0).toDoubles()).containsExactly(0.25, 0.75);
        assertThat(a.outputs().get(1).toDoubles()).containsExactly(42);
    }

    @Test
    void anUnreadableAnswerIsA502() {
        assertThatThrownBy(() -> wire.decode(("{\"outputs\": [{\"name\": \"p\", \"datatype\": \"FP32\", \"shape\": [2],"
                + " \"data\": [1]}]}").getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(GatewayException.class, e -> assertThat(e.status()).isEqualTo(502))
                .hasMessageContaining("output 'p'");
        assertThatThrownBy(() -> wire.decode("nope".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(GatewayException.class, e -> assertThat(e.status()).isEqualTo(502));
    }

    @Test
    void refusalsMapToTheDocumentedStatuses() {
        GatewayException drop = refusal(503, "dropped", "\"reason\":\"SHED_FOR_BATCH\"", "shed under load: ...");
        assertThat(drop.status()).isEqualTo(503);
        assertThat(drop.drop()).isTrue();
        assertThat(drop.reason()).isEqualTo("SHED_FOR_BATCH");
        assertThat(drop.getMessage()).isEqualTo("request dropped: shed under load: keeping it would have shrunk the "
                + "batch of the requests queued behind it (SHED_FOR_BATCH)");

        GatewayException future = refusal(503, "dropped", "\"reason\":\"NEW_REASON\"", "a reason from the future");
        assertThat(future.getMessage()).isEqualTo("request dropped: a reason from the future (NEW_REASON)");

        assertThat(refusal(400, "invalid-request", "\"field\":\"inputs[0].shape\"", "bad shape").status())
                .isEqualTo(400);
        assertThat(refusal(400, "invalid-request", "\"field\":\"inputs[0].shape\"", "bad shape").getMessage())
                .contains("inputs[0].shape");
        assertThat(refusal(404, "not-found", null, "no variant v9").status()).isEqualTo(404);
        GatewayException notProfiled = refusal(409, "not-profiled", null, "variant v1 has no profile");
        assertThat(notProfiled.status()).isEqualTo(503);
        assertThat(notProfiled.getMessage()).contains("not ready to serve").contains("no profile");
        GatewayException worker = refusal(502, "worker-failed", null, "worker cpu-0: out of memory");
        assertThat(worker.status()).isEqualTo(502);
        assertThat(worker.getMessage()).startsWith("worker failed: ");
        assertThat(refusal(500, "internal", null, "boom").status()).isEqualTo(502);
    }

    private GatewayException refusal(int status, String slug, String extra, String detail) {
        String body = "{\"type\":\"urn:baton:problem:" + slug + "\",\"status\":" + status + ",\"detail\":\"" + detail
                + "\"" + (extra == null ? "" : "," + extra) + "}";
        return wire.refusal(status, body.getBytes(StandardCharsets.UTF_8), "app");
    }
}
