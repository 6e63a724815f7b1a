package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.models.PublishedModels;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The published applications' registry bodies and example requests, as {@code up} sends them. */
class PublishedApplicationsTest {

    @Test
    void theOcrApplicationAndItsVariantDeclareTheTextLineShapeAndTheVariantItsLargestBatch() {
        Map<String, Object> app = PublishedApplications.applicationBody(PublishedApplications.OCR);
        JsonNode a = JsonHttp.JSON.valueToTree(app);
        assertThat(a.path("name").asText()).isEqualTo("ocr-direction");
        assertThat(a.path("kind").asText()).isEqualTo("single");
        assertThat(a.path("policy").asText()).isEqualTo("symphony");
        assertThat(a.path("classes")).extracting(JsonNode::asText).containsExactly("0", "180");
        assertThat(a.path("inputs").path(0).path("shape")).extracting(JsonNode::asLong).containsExactly(-1L, 3L, 48L, 192L);
        assertThat(a.path("outputs").path(0).path("name").asText()).isEqualTo("softmax_0.tmp_0");

        JsonNode v = JsonHttp.JSON.valueToTree(PublishedApplications.variantBody(PublishedApplications.OCR.pinned(), "ppocr-cls", "sha256:x"));
        assertThat(v.path("inputs").path(0).path("shape")).extracting(JsonNode::asLong).containsExactly(-1L, 3L, 48L, 192L);
        assertThat(v.path("maxBatchSize").asInt()).isEqualTo(8);
        assertThat(PublishedApplications.profiledBatchSizes(PublishedApplications.OCR.pinned())).containsExactly(1, 2, 4, 8);
        assertThat(PublishedApplications.profiledBatchSizes(PublishedModels.named("ppocr-rec"))).containsExactly(1, 2);
    }

    @Test
    void theVadVariantLeavesItsLargestBatchToBeDerivedAndDeclaresTheScalarSampleRateAndItsValue() {
        JsonNode v = JsonHttp.JSON.valueToTree(PublishedApplications.variantBody(PublishedApplications.SILERO.pinned(), "silero-vad", "sha256:x"));
        assertThat(v.has("maxBatchSize")).isFalse();
        assertThat(v.path("inputs")).extracting(i -> i.path("name").asText()).containsExactly("input", "state", "sr");
        assertThat(v.path("inputs").path(2).path("datatype").asText()).isEqualTo("INT64");
        assertThat(v.path("inputs").path(2).path("shape")).isEmpty();
        assertThat(v.path("inputValues").toString()).as("the rate its control flow reads").isEqualTo("{\"sr\":16000}");
        assertThat(PublishedApplications.SILERO.sloMs()).isEqualTo(100);
        assertThat(PublishedApplications.profiledBatchSizes(PublishedApplications.SILERO.pinned())).isNull();
    }

    @Test
    void theExamplesHaveTheDeclaredShapes() {
        JsonNode ocr = PublishedExamples.ocrRequest().path("inputs").path(0);
        assertThat(ocr.path("shape")).extracting(JsonNode::asLong).containsExactly(1L, 3L, 48L, 192L);
        assertThat(ocr.path("data")).hasSize(3 * 48 * 192);
        assertThat(PublishedExamples.ocrImage()).contains(-1f, 1f);

        JsonNode vad = PublishedExamples.vadRequest(PublishedExamples.vadChunk(), new float[256]).path("inputs");
        assertThat(vad).extracting(i -> i.path("shape").size()).containsExactly(2, 3, 0);
        assertThat(vad.path(0).path("data")).hasSize(512);
        assertThat(vad.path(2).path("data")).extracting(JsonNode::asLong).isEqualTo(List.of(16_000L));
    }
}
