package io.baton.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.zoo.ValidationSet;
import io.baton.cli.zoo.ZooBuilder;

/** Open Inference Protocol v2 calls to the gateway under test, and the checks every answer must pass. */
public final class Oip {
    private final E2eSuite e2e;

    public Oip(E2eSuite e2e) {
        this.e2e = e2e;
    }

    /** {@code POST /v2/models/{app}/infer} with {@code count} validation images from {@code first}, as one FP32 tensor. */
    public JsonHttp.Response infer(String app, int first, int count) {
        return post("/v2/models/" + app + "/infer", request(first, count));
    }

    public ObjectNode request(int first, int count) {
        ValidationSet vs = e2e.validation();
        return io.baton.cli.suite.Oip.inferRequest("e2e-" + first + "-" + count, ZooBuilder.INPUT, vs.examples(), vs.dims(), first, count);
    }

    public JsonHttp.Response post(String path, Object body) {
        return e2e.http().post(e2e.suite().gateway().resolve(path), body);
    }

    public JsonHttp.Response get(String path) {
        return e2e.http().get(e2e.suite().gateway().resolve(path));
    }

    /** A 200 for {@code app} whose single output is the [count, 10] FP32 probabilities; answers them, flat. */
    public static float[] probabilities(JsonHttp.Response r, String app, int count) {
        assertThat(r.status()).as("status; body %s", r.body()).isEqualTo(200);
        JsonNode body = r.json();
        assertThat(body.path("model_name").asText()).isEqualTo(app);
        JsonNode out = body.path("outputs").path(0);
        assertThat(out.path("name").asText()).isEqualTo(ZooBuilder.OUTPUT);
        assertThat(out.path("datatype").asText()).isEqualTo("FP32");
        assertThat(out.path("shape")).extracting(JsonNode::asLong).containsExactly((long) count, 10L);
        return io.baton.cli.suite.Oip.output(body, ZooBuilder.OUTPUT);
    }

    /** A refusal: an error status and the OIP error body, {@code {"error": "…"}}, with a reason in it. */
    public static String refusal(JsonHttp.Response r) {
        assertThat(r.status()).as("status; body %s", r.body()).isBetween(400, 599);
        assertThat(r.json().path("error").asText()).as("OIP error body: %s", r.body()).isNotBlank();
        return r.json().path("error").asText();
    }
}
