package io.baton.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
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
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.commons.test.TestDatabase;
import io.baton.registry.support.TcpProxy;

/**
 * The registry with its PostgreSQL cut off and restored, through a TCP relay the test controls: while it is cut,
 * reads the hot-read cache does not hold and every write answer 503 {@code database-unavailable} with a reason
 * (never 500), a hot read already cached is still served; once it is restored, the same process writes again
 * (Hikari opens new connections itself) and what was committed before the cut is all there.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class DatabaseOutageApiTest {

    private static final Duration RECOVERY_LIMIT = Duration.ofSeconds(60);

    private static TcpProxy database;
    private static String schema;
    private static Path artifactDir;

    @Autowired
    TestRestTemplate http;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws IOException {
        TestDatabase.Server server = TestDatabase.server();
        URI target = URI.create(server.url().substring("jdbc:".length()));
        database = TcpProxy.to(target.getHost(), target.getPort() < 0 ? 5432 : target.getPort());
        String s = TestDatabase.freshSchema("regdown");
        schema = s;
        artifactDir = Files.createTempDirectory("baton-artifacts-");
        String relayed = "jdbc:postgresql://127.0.0.1:" + database.port() + target.getRawPath()
                + "?currentSchema=" + s;
        registry.add("spring.datasource.url", () -> relayed);
        registry.add("spring.datasource.username", server::user);
        registry.add("spring.datasource.password", server::password);
        registry.add("spring.datasource.hikari.maximum-pool-size", () -> "4");
        registry.add("spring.datasource.hikari.connection-timeout", () -> "1000");
        registry.add("spring.datasource.hikari.validation-timeout", () -> "500");
        registry.add("spring.flyway.schemas", () -> s);
        registry.add("spring.flyway.default-schema", () -> s);
        registry.add("baton.registry.artifact-dir", artifactDir::toString);
    }

    @AfterAll
    static void cleanUp() throws IOException {
        database.close();
        if (schema != null) TestDatabase.dropSchema(schema);
        try (var paths = Files.walk(artifactDir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void answers503WhileTheDatabaseIsCutOffAndRecoversWithoutARestart() throws Exception {
        assertThat(post("/v1/applications", ApplicationApiTest.app("kept", "single")).getStatusCode())
                .isEqualTo(HttpStatus.CREATED);
        assertThat(get("/v1/applications/kept").getStatusCode()).isEqualTo(HttpStatus.OK); // now in the hot read

        database.cut();
        try {
            assertDatabaseUnavailable(get("/v1/applications?page=0&size=10"));
            assertDatabaseUnavailable(post("/v1/applications", ApplicationApiTest.app("lost", "single")));
            assertDatabaseUnavailable(exchange(HttpMethod.DELETE, "/v1/applications/kept", null));
            assertDatabaseUnavailable(get("/v1/plans?page=0&size=10"));
            ResponseEntity<JsonNode> hot = get("/v1/applications/kept");
            assertThat(hot.getStatusCode()).as("the cached hot read: %s", hot.getBody()).isEqualTo(HttpStatus.OK);
            assertThat(hot.getBody().path("name").asText()).isEqualTo("kept");
        } finally {
            database.restore();
        }

        ResponseEntity<JsonNode> after = untilNot503(() -> post("/v1/applications",
                ApplicationApiTest.app("after", "single")));
        assertThat(after.getStatusCode()).as("write after the database came back: %s", after.getBody())
                .isEqualTo(HttpStatus.CREATED);
        List<String> names = new ArrayList<>();
        get("/v1/applications?page=0&size=10").getBody().path("items").forEach(i -> names.add(i.path("name").asText()));
        assertThat(names).containsExactly("after", "kept");
        assertThat(get("/v1/applications/kept").getBody().path("sloMs").asInt()).isEqualTo(100);
    }

    private static void assertDatabaseUnavailable(ResponseEntity<JsonNode> r) {
        assertThat(r.getStatusCode()).as("status of %s", r.getBody()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(r.getHeaders().getContentType()).isNotNull();
        assertThat(r.getHeaders().getContentType().isCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)).isTrue();
        assertThat(r.getBody().path("type").asText()).isEqualTo("urn:baton:problem:database-unavailable");
        assertThat(r.getBody().path("detail").asText()).startsWith("database unavailable");
        assertThat(r.getBody().path("detail").asText()).doesNotContain("127.0.0.1").doesNotContain("jdbc");
        assertThat(r.getHeaders().getFirst("Retry-After")).isEqualTo("5");
    }

    /** The answer once it is not 503 any more, within a generous bound: the pool reconnects on its own time. */
    private static ResponseEntity<JsonNode> untilNot503(java.util.function.Supplier<ResponseEntity<JsonNode>> call)
            throws InterruptedException {
        long until = System.nanoTime() + RECOVERY_LIMIT.toNanos();
        ResponseEntity<JsonNode> r = call.get();
        while (r.getStatusCode() == HttpStatus.SERVICE_UNAVAILABLE && System.nanoTime() < until) {
            Thread.sleep(200);
            r = call.get();
        }
        return r;
    }

    private ResponseEntity<JsonNode> get(String path) {
        return http.getForEntity(path, JsonNode.class);
    }

    private ResponseEntity<JsonNode> post(String path, String json) {
        return exchange(HttpMethod.POST, path, json);
    }

    private ResponseEntity<JsonNode> exchange(HttpMethod method, String path, String json) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange(path, method, new HttpEntity<>(json, headers), JsonNode.class);
    }
}
