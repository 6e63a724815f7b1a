package io.baton.registry;

import static io.baton.registry.ApplicationApiTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.core.onnx.OutsidePointingModels;
import io.baton.registry.support.PostgresHttpTest;

/**
 * A model whose tensors point at a file outside it is refused at upload, before ONNX Runtime opens it: each way
 * onnx.proto allows, with an absolute location and with one climbing out of the model's directory, is a 422 naming
 * the tensor, where it is and its location, and nothing is stored.
 */
class OutsidePointingModelApiTest extends PostgresHttpTest {

    static Stream<OutsidePointingModels.Case> ways() {
        return Stream.concat(OutsidePointingModels.all("/etc/passwd").stream(),
                OutsidePointingModels.all("../../../../../../../../etc/passwd").stream());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ways")
    void isRefusedWith422NamingTheTensorAndItsLocation(OutsidePointingModels.Case c) throws Exception {
        ResponseEntity<JsonNode> answer = upload("onnx", c.model());
        assertProblem(answer, HttpStatus.UNPROCESSABLE_ENTITY, "body");
        String detail = answer.getBody().get("detail").asText();
        assertThat(detail).startsWith("the model points outside itself: " + c.where() + " points outside the model: ")
                .contains(c.location() == null ? "with no location" : "location '" + c.location() + "'")
                .contains("upload it as a zip archive");
        assertThat(get("/v1/artifacts").getBody().get("totalItems").asInt()).isZero();
        try (Stream<Path> staging = Files.list(artifactDir.resolve("tmp"))) {
            assertThat(staging).isEmpty();
        }
    }
}
