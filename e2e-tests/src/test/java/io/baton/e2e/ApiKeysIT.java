package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.SuiteExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * API keys through the real gateway and the real registry on PostgreSQL: the bootstrap key issues registry keys,
 * which the gateway verifies with the registry by scope; a revocation through the gateway holds at once, one made
 * straight in the registry once the gateway's cache time has passed.
 */
@ExtendWith(SuiteExtension.class)
class ApiKeysIT {
    static E2eSuite e2e;
    static final ObjectMapper JSON = new ObjectMapper();
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
    }

    @Test
    void registryKeysWorkAtTheGatewayByScopeUntilRevoked() throws Exception {
        assertThat(gateway("GET", "/v1/applications", null, null).statusCode()).isEqualTo(401);

        JsonNode admin = issue("e2e-admin", "[\"admin\"]");
        JsonNode infer = issue("e2e-infer", "[\"infer\"]");
        String adminKey = admin.get("key").asText();
        String inferKey = infer.get("key").asText();
        assertThat(adminKey).startsWith("bk_").hasSize(46);

        HttpResponse<String> apps = gateway("GET", "/v1/applications?size=200", adminKey, null);
        assertThat(apps.statusCode()).isEqualTo(200);
        assertThat(apps.body()).contains("fashion-single");
        assertThat(gateway("GET", "/v1/applications", inferKey, null).statusCode()).isEqualTo(403);
        HttpResponse<String> list = gateway("GET", "/v1/api-keys?size=200", adminKey, null);
        assertThat(list.body()).contains(admin.get("prefix").asText()).doesNotContain(adminKey).doesNotContain(inferKey);

        // Inference is optional here, but a key that is sent is checked.
        assertThat(gateway("GET", "/v2/models/fashion-single", inferKey, null).statusCode()).isEqualTo(200);
        assertThat(gateway("GET", "/v2/models/fashion-single", null, null).statusCode()).isEqualTo(200);
        assertThat(gateway("GET", "/v2/models/fashion-single", "bk_" + "x".repeat(43), null).statusCode())
                .isEqualTo(401);

        // Revoked through the gateway: refused at once there.
        assertThat(gateway("DELETE", "/v1/api-keys/" + admin.get("id").asLong(), E2eSuite.BOOTSTRAP_KEY, null)
                .statusCode()).isEqualTo(204);
        assertThat(gateway("GET", "/v1/applications", adminKey, null).statusCode()).isEqualTo(401);

        // Revoked straight in the registry: refused once the gateway's cached verdict has expired.
        HttpResponse<String> direct = send(e2e.suite().credentials().sign(HttpRequest.newBuilder(e2e.suite().registry()
                .resolve("/v1/api-keys/" + infer.get("id").asLong()))).DELETE());
        assertThat(direct.statusCode()).isEqualTo(204);
        long end = System.nanoTime() + E2eSuite.API_KEY_CACHE_TTL.toNanos() + 20_000_000_000L;
        int status;
        do {
            status = gateway("GET", "/v2/models/fashion-single", inferKey, null).statusCode();
            if (status != 401) Thread.sleep(200);
        } while (status != 401 && System.nanoTime() < end);
        assertThat(status).as("the revoked key is refused once the cache time has passed").isEqualTo(401);

        JsonNode record = JSON.readTree(send(e2e.suite().credentials().sign(HttpRequest.newBuilder(e2e.suite().registry()
                .resolve("/v1/api-keys/" + infer.get("id").asLong()))).GET()).body());
        assertThat(record.get("active").asBoolean()).isFalse();
        assertThat(record.get("lastUsedAt").isNull()).as("verified at least once").isFalse();
    }

    private JsonNode issue(String name, String scopes) throws Exception {
        HttpResponse<String> r = gateway("POST", "/v1/api-keys", E2eSuite.BOOTSTRAP_KEY,
                "{\"name\":\"" + name + "\",\"scopes\":" + scopes + "}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        return JSON.readTree(r.body());
    }

    private HttpResponse<String> gateway(String method, String path, String key, String json) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(e2e.suite().gateway() + path))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) b.header("Content-Type", "application/json");
        if (key != null) b.header("X-API-Key", key);
        return send(b);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
