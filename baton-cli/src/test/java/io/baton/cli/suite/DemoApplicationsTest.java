package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.zoo.Manifest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the zoo's applications become registry bodies and variants, and OIP request bodies built from examples. */
class DemoApplicationsTest {
    static final Manifest.TensorSpec IMAGE = new Manifest.TensorSpec("input", "FP32", List.of(-1L, 1L, 28L, 28L));
    static final Manifest.TensorSpec PROBS = new Manifest.TensorSpec("probabilities", "FP32", List.of(-1L, 10L));

    @Test
    void policiesAndStagesFollowTheKind() {
        Manifest.App single = new Manifest.App("s", "single", "", IMAGE, PROBS, List.of("a", "b"), null, null, null, Map.of());
        Manifest.App ensemble = new Manifest.App("e", "ensemble", "", IMAGE, PROBS, null, List.of("a", "c"), "mean", null, Map.of());
        Manifest.App pipeline = new Manifest.App("p", "pipeline", "", IMAGE, PROBS, null, null, null, List.of(
                new Manifest.Stage(1, "features", List.of("f"), IMAGE, PROBS),
                new Manifest.Stage(2, "classify", List.of("h1", "h2"), PROBS, PROBS)), Map.of());
        assertThat(DemoApplications.variants(single)).containsExactly(new DemoApplications.VariantRef("a", 0), new DemoApplications.VariantRef("b", 0));
        assertThat(DemoApplications.variants(ensemble)).extracting(DemoApplications.VariantRef::name).containsExactly("a", "c");
        assertThat(DemoApplications.variants(pipeline)).containsExactly(new DemoApplications.VariantRef("f", 0),
                new DemoApplications.VariantRef("h1", 1), new DemoApplications.VariantRef("h2", 1));
        assertThat(DemoApplications.body(single, List.of("x"))).containsEntry("policy", "symphony").containsEntry("kind", "single")
                .containsEntry("inputs", List.of(IMAGE)).containsEntry("classes", List.of("x"));
        assertThat(DemoApplications.policy("ensemble")).isEqualTo("schemble");
        assertThat(DemoApplications.policy("pipeline")).isEqualTo("ipa");
        assertThatThrownBy(() -> DemoApplications.policy("chain")).hasMessageContaining("chain");
        // The registry reads the spec records' JSON as its own TensorSpec: same three fields.
        JsonNode spec = JsonHttp.JSON.valueToTree(IMAGE);
        assertThat(spec.toString()).isEqualTo("{\"name\":\"input\",\"datatype\":\"FP32\",\"shape\":[-1,1,28,28]}");
    }

    @Test
    void oipRequestsCarryTheExamplesRowMajorAndResponsesAreRead() {
        float[] examples = {1, 2, 3, 4, 5, 6};
        JsonNode body = Oip.inferRequest("r1", "x", examples, new int[] {1, 2}, 1, 2);
        assertThat(body.toString()).isEqualTo("{\"id\":\"r1\",\"inputs\":[{\"name\":\"x\",\"shape\":[2,1,2],\"datatype\":\"FP32\",\"data\":[3.0,4.0,5.0,6.0]}]}");
        assertThatThrownBy(() -> Oip.inferRequest(null, "x", examples, new int[] {2}, 2, 2)).hasMessageContaining("out of range");
        JsonNode response = JsonHttp.JSON.createObjectNode().set("outputs", JsonHttp.JSON.valueToTree(
                List.of(Map.of("name", "y", "shape", List.of(1, 2), "datatype", "FP32", "data", List.of(0.25, 0.75)))));
        assertThat(Oip.output(response, "y")).containsExactly(0.25f, 0.75f);
        assertThat(Oip.outputShape(response, "y")).containsExactly(1, 2);
        assertThatThrownBy(() -> Oip.output(response, "z")).isInstanceOf(SuiteException.class).hasMessageContaining("'z'");
        assertThat(Oip.batchSize(response)).isEmpty();
    }
}
