package io.baton.registry;

import static io.baton.registry.ApplicationApiTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.registry.support.PostgresHttpTest;
import io.baton.commons.test.TestDatabase;

/**
 * API keys over real HTTP against PostgreSQL: issued once, stored as a hash, listed without secrets, verified and
 * revoked; and, with request, SQL-parameter and connection-pool logging turned all the way up, no key and no database
 * password ever reaches the log.
 */
@ExtendWith(OutputCaptureExtension.class)
@TestPropertySource(properties = {
        "logging.level.org.springframework.web=TRACE",
        "logging.level.io.baton=DEBUG",
        "logging.level.org.hibernate.SQL=DEBUG",
        "logging.level.org.hibernate.orm.jdbc.bind=TRACE",
        "logging.level.com.zaxxer.hikari=DEBUG"})
class ApiKeyApiTest extends PostgresHttpTest {

    /**
     * With trust authentication (the local server) any password is accepted: give the pool one the log can be
     * searched for (Hikari's own setting, bound after the base class's spring.datasource.password). A Testcontainers
     * server has a real password, too short and common ("test") to search for: then only keys are checked.
     */
    static final String MARKER_PASSWORD = "pw-" + UUID.randomUUID();

    @DynamicPropertySource
    static void password(DynamicPropertyRegistry registry) {
        if (TestDatabase.server().password().isEmpty()) {
            registry.add("spring.datasource.hikari.password", () -> MARKER_PASSWORD);
        }
    }

    @LocalServerPort
    int port;

    @Value("${spring.datasource.hikari.password:}")
    String databasePassword;

    @Test
    void aKeyIsShownOnceStoredAsItsHashAndListedWithoutSecrets() throws Exception {
        ResponseEntity<JsonNode> created = post("/v1/api-keys", "{\"name\":\"ci\",\"scopes\":[\"infer\",\"admin\",\"infer\"]}");
        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        JsonNode body = created.getBody();
        String key = body.get("key").asText();
        long id = body.get("id").asLong();
        assertThat(key).matches("bk_[A-Za-z0-9_-]{43}");
        assertThat(body.get("prefix").asText()).isEqualTo(key.substring(0, 11));
        assertThat(body.get("scopes").toString()).isEqualTo("[\"admin\",\"infer\"]");
        assertThat(body.get("name").asText()).isEqualTo("ci");
        assertThat(created.getHeaders().getLocation()).hasToString("/v1/api-keys/" + id);
        assertThat(created.getHeaders().getCacheControl()).isEqualTo("no-store");

        String other = post("/v1/api-keys", "{\"name\":\"ci\",\"scopes\":[\"infer\"]}").getBody().get("key").asText();
        assertThat(other).isNotEqualTo(key); // names need not be unique; keys always differ

        ResponseEntity<String> list = http.getForEntity("/v1/api-keys?size=200", String.class);
        assertThat(list.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(list.getBody()).contains(key.substring(0, 11)).doesNotContain(key).doesNotContain(sha256(key))
                .doesNotContain("\"key\"");
        JsonNode one = get("/v1/api-keys/" + id).getBody();
        assertThat(one.get("active").asBoolean()).isTrue();
        assertThat(one.get("revokedAt").isNull()).isTrue();
        assertThat(one.has("key")).isFalse();

        // The database has the hash and the prefix, and the key in no column of any row.
        try (Connection c = TestDatabase.connect(); Statement s = c.createStatement();
             ResultSet rows = s.executeQuery("select * from " + schema + ".api_keys where id = " + id)) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getString("key_hash")).isEqualTo(sha256(key));
            assertThat(rows.getString("key_prefix")).isEqualTo(key.substring(0, 11));
            ResultSetMetaData meta = rows.getMetaData();
            for (int col = 1; col <= meta.getColumnCount(); col++) {
                assertThat(String.valueOf(rows.getObject(col))).as(meta.getColumnName(col)).doesNotContain(key);
            }
        }
    }

    @Test
    void verificationAnswersTheScopesUntilTheKeyIsRevoked() {
        String key = createKey("deployer", "[\"admin\"]");
        long id = verify(key).getBody().get("id").asLong();
        ResponseEntity<JsonNode> ok = verify(key);
        assertThat(ok.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(ok.getBody().get("scopes").toString()).isEqualTo("[\"admin\"]");
        assertThat(ok.getBody().get("name").asText()).isEqualTo("deployer");
        assertThat(ok.getBody().has("key")).isFalse();
        assertThat(get("/v1/api-keys/" + id).getBody().get("lastUsedAt").isNull()).isFalse();

        long activeBefore = get("/internal/v1/api-keys/summary").getBody().get("active").asLong();
        assertThat(delete("/v1/api-keys/" + id).getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
        assertProblem(verify(key), HttpStatus.UNAUTHORIZED, "key");
        JsonNode revoked = get("/v1/api-keys/" + id).getBody();
        assertThat(revoked.get("active").asBoolean()).isFalse();
        assertThat(revoked.get("revokedAt").isNull()).isFalse();
        assertThat(get("/internal/v1/api-keys/summary").getBody().get("active").asLong()).isEqualTo(activeBefore - 1);

        // Revoking again changes nothing; the time of the first revocation stays.
        assertThat(delete("/v1/api-keys/" + id).getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
        assertThat(get("/v1/api-keys/" + id).getBody().get("revokedAt")).isEqualTo(revoked.get("revokedAt"));
        assertProblem(delete("/v1/api-keys/987654"), HttpStatus.NOT_FOUND, "id");
        assertProblem(get("/v1/api-keys/987654"), HttpStatus.NOT_FOUND, "id");
    }

    @Test
    void unknownAndMalformedKeysAreRefusedAlike() {
        String key = createKey("x", "[\"infer\"]");
        String forged = key.substring(0, key.length() - 1) + (key.endsWith("A") ? "B" : "A");
        for (String wrong : List.of(forged, "guess", key + "x", "bk_", " " + key)) {
            ResponseEntity<JsonNode> r = verify(wrong);
            assertProblem(r, HttpStatus.UNAUTHORIZED, "key");
            assertThat(r.getBody().get("type").asText()).isEqualTo("urn:baton:problem:unauthorized");
        }
        assertProblem(post("/internal/v1/api-keys/verify", "{\"key\":\"\"}"), HttpStatus.BAD_REQUEST, "key");
        assertProblem(post("/internal/v1/api-keys/verify", "{}"), HttpStatus.BAD_REQUEST, "key");
        assertProblem(post("/internal/v1/api-keys/verify", "{\"key\":\"k\",\"extra\":1}"), HttpStatus.BAD_REQUEST, "extra");
    }

    @Test
    void badRequestsToCreateAKeyNameTheField() {
        assertProblem(post("/v1/api-keys", "{\"scopes\":[\"admin\"]}"), HttpStatus.BAD_REQUEST, "name");
        assertProblem(post("/v1/api-keys", "{\"name\":\"a b\",\"scopes\":[\"admin\"]}"), HttpStatus.BAD_REQUEST, "name");
        assertProblem(post("/v1/api-keys", "{\"name\":\"a\",\"scopes\":[]}"), HttpStatus.BAD_REQUEST, "scopes");
        assertProblem(post("/v1/api-keys", "{\"name\":\"a\"}"), HttpStatus.BAD_REQUEST, "scopes");
        ResponseEntity<JsonNode> root = post("/v1/api-keys", "{\"name\":\"a\",\"scopes\":[\"root\"]}");
        assertProblem(root, HttpStatus.BAD_REQUEST, "scopes[0]");
        assertThat(root.getBody().get("detail").asText()).contains("admin").contains("infer");
        assertProblem(post("/v1/api-keys", "{\"name\":\"a\",\"scopes\":[\"admin\"],\"key\":\"mine\"}"),
                HttpStatus.BAD_REQUEST, "key"); // a caller cannot choose the key
    }

    /** The requests go through the JDK client, which logs nothing: RestTemplate's debug log would show the bodies. */
    @Test
    void noKeyAndNoDatabasePasswordReachTheLog(CapturedOutput output) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<String> created = client.send(jsonPost("/v1/api-keys", "{\"name\":\"logged\",\"scopes\":[\"admin\"]}"),
                HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).isEqualTo(201);
        String key = new ObjectMapper().readTree(created.body()).get("key").asText();
        for (String body : List.of("{\"key\":\"" + key + "\"}", "{\"key\":\"" + key.substring(0, key.length() - 2) + "zz\"}",
                "{\"key\": " + key + "}" /* unquoted: malformed JSON */, "{\"key\":\"" + key + "\",\"x\":1}")) {
            client.send(jsonPost("/internal/v1/api-keys/verify", body), HttpResponse.BodyHandlers.ofString());
        }
        client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/api-keys")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(output.getAll()).as("the debug log was on").contains("/internal/v1/api-keys/verify");
        assertThat(output.getAll()).doesNotContain(key).doesNotContain(key.substring(3));
        if (!databasePassword.isEmpty()) {
            assertThat(output.getAll()).as("Hikari's debug log was on").contains("HikariPool")
                    .doesNotContain(databasePassword);
        }
    }

    @Test
    void actuatorKeepsTheEnvironmentAndConfigurationUnexposed() {
        for (String endpoint : List.of("/actuator/env", "/actuator/configprops", "/actuator/heapdump",
                "/actuator/loggers", "/actuator/beans")) {
            assertThat(http.getForEntity(endpoint, String.class).getStatusCode()).as(endpoint)
                    .isEqualTo(HttpStatus.NOT_FOUND);
        }
        String info = http.getForEntity("/actuator/info", String.class).getBody();
        assertThat(info).contains("artifactDir");
        if (!databasePassword.isEmpty()) assertThat(info).doesNotContain(databasePassword);
    }

    @Test
    void aMultipartBodyIsNotParsed() {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.parseMediaType("multipart/form-data; boundary=xyz"));
        String body = "--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"m.onnx\"\r\n\r\nabc\r\n--xyz--\r\n";
        ResponseEntity<JsonNode> r = http.exchange("/v1/artifacts", HttpMethod.POST, new HttpEntity<>(body, headers),
                JsonNode.class);
        assertThat(r.getStatusCode()).isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    }

    private HttpRequest jsonPost(String path, String body) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private String createKey(String name, String scopes) {
        ResponseEntity<JsonNode> r = post("/v1/api-keys", "{\"name\":\"" + name + "\",\"scopes\":" + scopes + "}");
        assertThat(r.getStatusCode()).as("%s", r.getBody()).isEqualTo(HttpStatus.CREATED);
        return r.getBody().get("key").asText();
    }

    private ResponseEntity<JsonNode> verify(String key) {
        return post("/internal/v1/api-keys/verify", "{\"key\":\"" + key + "\"}");
    }

    static String sha256(String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    }
}
