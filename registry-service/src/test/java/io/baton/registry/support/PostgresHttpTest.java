package io.baton.registry.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.commons.test.TestDatabase;

/**
 * Base of the HTTP tests: the service on a random port against the real PostgreSQL ({@link TestDatabase}), in a
 * fresh schema and a fresh artifact directory per test class (the context is closed after the class, so the next
 * class gets new ones), with small JSON helpers over real HTTP.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
public abstract class PostgresHttpTest {

    protected static String schema;
    protected static Path artifactDir;

    @Autowired
    protected TestRestTemplate http;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws IOException {
        TestDatabase.Server server = TestDatabase.server();
        String s = TestDatabase.freshSchema("reg");
        Path dir = Files.createTempDirectory("baton-artifacts-");
        schema = s;
        artifactDir = dir;
        registry.add("spring.datasource.url", () -> TestDatabase.urlFor(s));
        registry.add("spring.datasource.username", server::user);
        registry.add("spring.datasource.password", server::password);
        registry.add("spring.datasource.hikari.maximum-pool-size", () -> "4");
        registry.add("spring.flyway.schemas", () -> s);
        registry.add("spring.flyway.default-schema", () -> s);
        registry.add("baton.registry.artifact-dir", dir::toString);
    }

    @AfterAll
    static void dropSchema() {
        if (schema != null) TestDatabase.dropSchema(schema);
        if (artifactDir != null) deleteTree(artifactDir);
    }

    protected ResponseEntity<JsonNode> get(String path) {
        return http.getForEntity(path, JsonNode.class);
    }

    protected ResponseEntity<JsonNode> post(String path, String json) {
        return exchange(HttpMethod.POST, path, json);
    }

    protected ResponseEntity<JsonNode> put(String path, String json) {
        return exchange(HttpMethod.PUT, path, json);
    }

    protected ResponseEntity<JsonNode> delete(String path) {
        return http.exchange(path, HttpMethod.DELETE, null, JsonNode.class);
    }

    protected ResponseEntity<JsonNode> exchange(HttpMethod method, String path, String json) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange(path, method, new HttpEntity<>(json, headers), JsonNode.class);
    }

    /** POST /v1/artifacts with raw bytes. */
    protected ResponseEntity<JsonNode> upload(String type, byte[] bytes) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_OCTET_STREAM);
        return http.exchange("/v1/artifacts?type=" + type, HttpMethod.POST, new HttpEntity<>(bytes, headers), JsonNode.class);
    }

    protected String uploadModel(byte[] onnx) {
        ResponseEntity<JsonNode> r = upload("onnx", onnx);
        if (!r.getStatusCode().is2xxSuccessful()) throw new AssertionError("upload failed: " + r.getBody());
        return r.getBody().get("digest").asText();
    }

    private static void deleteTree(Path root) {
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
