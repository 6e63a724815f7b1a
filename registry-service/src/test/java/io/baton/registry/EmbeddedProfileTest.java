package io.baton.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.support.OnnxModels;

/**
 * The quick start's `embedded` profile: the whole service on H2 (PostgreSQL mode, a file database) with the same
 * migrations and entities (Hibernate validates the schema at start), driven through the hot path once.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("embedded")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class EmbeddedProfileTest {

    static Path dir;

    @Autowired
    TestRestTemplate http;

    @DynamicPropertySource
    static void files(DynamicPropertyRegistry registry) throws IOException {
        dir = Files.createTempDirectory("baton-embedded-");
        registry.add("spring.datasource.url", () -> "jdbc:h2:file:" + dir.resolve("registry")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH");
        registry.add("baton.registry.artifact-dir", () -> dir.resolve("artifacts").toString());
    }

    @Test
    void registersAndReadsAnApplicationWithoutPostgres() {
        HttpHeaders json = new HttpHeaders();
        json.setContentType(MediaType.APPLICATION_JSON);
        ResponseEntity<JsonNode> app = http.exchange("/v1/applications", HttpMethod.POST, new HttpEntity<>(
                ApplicationApiTest.app("embedded", "single"), json), JsonNode.class);
        assertThat(app.getStatusCode()).isEqualTo(HttpStatus.CREATED);

        HttpHeaders octets = new HttpHeaders();
        octets.setContentType(MediaType.APPLICATION_OCTET_STREAM);
        byte[] model = OnnxModels.identity("embedded", OnnxModels.FLOAT, -1, 4);
        ResponseEntity<JsonNode> artifact = http.exchange("/v1/artifacts", HttpMethod.POST,
                new HttpEntity<>(model, octets), JsonNode.class);
        assertThat(artifact.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        String digest = artifact.getBody().get("digest").asText();

        ResponseEntity<JsonNode> variant = http.exchange("/v1/applications/embedded/variants", HttpMethod.POST,
                new HttpEntity<>("{\"name\":\"v\",\"artifactDigest\":\"" + digest + "\"}", json), JsonNode.class);
        assertThat(variant.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        ResponseEntity<JsonNode> profile = http.exchange("/v1/applications/embedded/variants/v/profiles/cpu/cpu",
                HttpMethod.PUT, new HttpEntity<>("{\"latency\":[{\"batchSize\":1,\"p50Ms\":1,\"p99Ms\":2}]}", json),
                JsonNode.class);
        assertThat(profile.getStatusCode()).isEqualTo(HttpStatus.CREATED);

        JsonNode hot = http.getForObject("/v1/applications/embedded", JsonNode.class);
        assertThat(hot.get("variants").get(0).get("profiles").get(0).get("latency").get(0).get("p99Ms").asDouble())
                .isEqualTo(2);
        assertThat(http.getForEntity("/v1/applications/embedded/variants/none", JsonNode.class).getStatusCode())
                .isEqualTo(HttpStatus.NOT_FOUND);
        ResponseEntity<JsonNode> duplicate = http.exchange("/v1/applications", HttpMethod.POST, new HttpEntity<>(
                ApplicationApiTest.app("embedded", "single"), json), JsonNode.class);
        assertThat(duplicate.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
        assertThat(http.getForObject("/v1/artifacts/" + digest + "/content", byte[].class)).isEqualTo(model);
    }
}
