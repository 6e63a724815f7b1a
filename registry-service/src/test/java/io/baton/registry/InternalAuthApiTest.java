package io.baton.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.security.InternalAuth;
import io.baton.registry.support.PostgresHttpTest;

/**
 * The registry with internal authentication on, over a real socket: issuing an admin API key, listing keys or
 * creating an application on the registry's own port needs the suite's secret (401 without it or with a wrong one,
 * and nothing is created); with it, the key is issued. Health probes stay open.
 */
@TestPropertySource(properties = {"baton.internal.auth=required", "baton.internal.secret=" + InternalAuthApiTest.SECRET})
class InternalAuthApiTest extends PostgresHttpTest {

    static final String SECRET = "registry-test-secret-0123456789abc";
    static final ObjectMapper JSON = new ObjectMapper();

    @LocalServerPort
    int port;

    private final HttpClient client = HttpClient.newHttpClient();

    private HttpResponse<String> call(String method, String path, String body, String secret) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (secret != null) request.header(InternalAuth.HEADER, secret);
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void anAdminKeyIsIssuedOnlyToTheSuite() throws Exception {
        String ask = "{\"name\":\"attacker\",\"scopes\":[\"admin\"]}";
        HttpResponse<String> none = call("POST", "/v1/api-keys", ask, null);
        HttpResponse<String> wrong = call("POST", "/v1/api-keys", ask, "registry-test-secret-0123456789abd");
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat(wrong.body()).isEqualTo(none.body()).doesNotContain("bk_");
        // nothing was issued: the list (read with the secret) is empty
        HttpResponse<String> list = call("GET", "/v1/api-keys", null, SECRET);
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.body()).doesNotContain("attacker");
        assertThat(call("GET", "/v1/api-keys", null, null).statusCode()).isEqualTo(401);

        HttpResponse<String> issued = call("POST", "/v1/api-keys", "{\"name\":\"suite\",\"scopes\":[\"admin\"]}", SECRET);
        assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
        JsonNode key = JSON.readTree(issued.body());
        assertThat(key.path("key").asText()).startsWith("bk_");
    }

    @Test
    void applicationsAndArtifactsNeedTheSecret() throws Exception {
        HttpResponse<String> create = call("POST", "/v1/applications", ApplicationApiTest.app("stranger", "single"), null);
        assertThat(create.statusCode()).isEqualTo(401);
        assertThat(call("GET", "/v1/applications/stranger", null, SECRET).statusCode()).isEqualTo(404);
        assertThat(call("GET", "/v1/applications", null, null).statusCode()).isEqualTo(401);
    }

    @Test
    void probesStayOpenAndNothingElseDoes() throws Exception {
        assertThat(call("GET", "/actuator/health/readiness", null, null).statusCode()).isEqualTo(200);
        assertThat(call("GET", "/actuator/health/liveness", null, null).statusCode()).isEqualTo(200);
        assertThat(call("GET", "/actuator/health", null, null).statusCode()).isEqualTo(200);
        assertThat(call("GET", "/actuator/info", null, null).statusCode()).isEqualTo(401);
        assertThat(call("GET", "/actuator/prometheus", null, null).statusCode()).isEqualTo(401);
        assertThat(call("GET", "/actuator/health/../../v1/api-keys", null, null).statusCode()).isEqualTo(401);
    }
}
