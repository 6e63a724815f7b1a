package io.baton.core.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InternalCredentialsTest {

    private static final String SECRET = "a-test-secret-of-32-characters!!";

    @Test
    void aServiceWithNoSecretRefusesToStartNamingTheVariables() {
        assertThatThrownBy(() -> InternalCredentials.load(Map.<String, String>of()::get))
                .isInstanceOf(InternalAuthException.class)
                .hasMessageContaining("BATON_INTERNAL_SECRET ")
                .hasMessageContaining("BATON_INTERNAL_SECRET_FILE")
                .hasMessageContaining("BATON_INTERNAL_AUTH (baton.internal.auth)=disabled")
                .hasMessageNotContaining("\n");
    }

    @Test
    void disabledIsTheExplicitWayToRunWithout() {
        InternalCredentials c = InternalCredentials.load(Map.of("baton.internal.auth", "disabled")::get);
        assertThat(c.enforced()).isFalse();
        assertThat(c.admits(null)).isTrue();
        assertThat(c.sign(HttpRequest.newBuilder(URI.create("http://x/"))).build().headers().firstValue(InternalAuth.HEADER)).isEmpty();
    }

    @Test
    void anUnknownModeIsRefused() {
        assertThatThrownBy(() -> InternalCredentials.load(Map.of("baton.internal.auth", "off")::get))
                .hasMessageContaining("BATON_INTERNAL_AUTH").hasMessageContaining("'off'");
    }

    @Test
    void aSecretAdmitsOnlyItselfAndIsSentByClients() {
        InternalCredentials c = InternalCredentials.load(Map.of("baton.internal.secret", SECRET)::get);
        assertThat(c.enforced()).isTrue();
        assertThat(c.admits(SECRET)).isTrue();
        assertThat(c.admits(null)).isFalse();
        assertThat(c.admits("")).isFalse();
        assertThat(c.admits(SECRET.substring(1))).isFalse();
        assertThat(c.admits(SECRET + "x")).isFalse();
        assertThat(c.admits(SECRET.toUpperCase())).isFalse();
        HttpRequest signed = c.sign(HttpRequest.newBuilder(URI.create("http://x/"))).build();
        assertThat(signed.headers().firstValue(InternalAuth.HEADER)).contains(SECRET);
        assertThat(c.toString()).doesNotContain(SECRET);
    }

    @Test
    void theSecretIsReadFromAFileWithoutItsNewline(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("internal-secret");
        Files.writeString(file, SECRET + "\n");
        InternalCredentials c = InternalCredentials.load(Map.of("baton.internal.secret-file", file.toString())::get);
        assertThat(c.admits(SECRET)).isTrue();
    }

    @Test
    void anUnreadableSecretFileIsNamed(@TempDir Path dir) {
        String missing = dir.resolve("absent").toString();
        assertThatThrownBy(() -> InternalCredentials.load(Map.of("baton.internal.secret-file", missing)::get))
                .isInstanceOf(InternalAuthException.class)
                .hasMessageContaining("BATON_INTERNAL_SECRET_FILE").hasMessageContaining(missing);
    }

    @Test
    void aShortSecretIsRefusedWithoutBeingQuoted() {
        assertThatThrownBy(() -> InternalCredentials.load(Map.of("baton.internal.secret", "hunter2")::get))
                .isInstanceOf(InternalAuthException.class)
                .hasMessageContaining("at least " + InternalSecret.MIN_LENGTH)
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void aClientNeedsNoSecret() {
        InternalCredentials c = InternalCredentials.forClient(Map.<String, String>of()::get);
        assertThat(c.secret()).isEmpty();
        assertThat(InternalCredentials.forClient(Map.of("baton.internal.secret", SECRET)::get).secret()).isPresent();
    }

    @Test
    void processSettingsReadTheEnvironmentVariableOfEachProperty() {
        var settings = InternalCredentials.processSettings(Map.of("BATON_INTERNAL_SECRET_FILE", "/run/s"));
        assertThat(settings.apply("baton.internal.secret-file")).isEqualTo("/run/s");
        assertThat(settings.apply("baton.internal.secret")).isNull();
    }

    @Test
    void randomSecretsDiffer() {
        InternalSecret a = InternalSecret.random();
        InternalSecret b = InternalSecret.random();
        assertThat(a.value()).hasSizeGreaterThanOrEqualTo(InternalSecret.MIN_LENGTH).isNotEqualTo(b.value());
        assertThat(a.matches(b.value())).isFalse();
        assertThat(a.toString()).doesNotContain(a.value());
    }

    @Test
    void onlyHealthProbesAreOpenAndOnlyExactly() {
        assertThat(InternalAuth.isOpenProbe("GET", "/actuator/health/readiness")).isTrue();
        assertThat(InternalAuth.isOpenProbe("GET", "/actuator/health/liveness")).isTrue();
        assertThat(InternalAuth.isOpenProbe("HEAD", "/actuator/health")).isTrue();
        assertThat(InternalAuth.isOpenProbe("POST", "/actuator/health")).isFalse();
        assertThat(InternalAuth.isOpenProbe("GET", "/actuator/prometheus")).isFalse();
        assertThat(InternalAuth.isOpenProbe("GET", "/actuator/info")).isFalse();
        assertThat(InternalAuth.isOpenProbe("GET", "/actuator/health/../../v1/api-keys")).isFalse();
        assertThat(InternalAuth.isOpenProbe("GET", "/actuator/health;x")).isFalse();
        assertThat(InternalAuth.isOpenProbe("GET", "/actuator/health/db")).isFalse();
    }

    @Test
    void theSecretIsTakenFromTheHeaderOrElseABearerCredential() {
        assertThat(InternalAuth.presented("s", "Bearer t")).isEqualTo("s");
        assertThat(InternalAuth.presented(null, "Bearer t")).isEqualTo("t");
        assertThat(InternalAuth.presented(null, "bearer t")).isEqualTo("t");
        assertThat(InternalAuth.presented(null, "Basic dDp0")).isNull();
        assertThat(InternalAuth.presented(null, null)).isNull();
    }

    @Test
    void theRefusalSaysNothingThatHelpsGuessing() {
        String body = InternalAuth.refusalBody("/v1/api-keys");
        assertThat(body).contains("\"status\":401").contains("\"instance\":\"/v1/api-keys\"")
                .doesNotContainIgnoringCase("header").doesNotContain(InternalAuth.HEADER);
    }

    @Test
    void aSigningClientSendsTheSecretOnEveryRequestOverARealSocket() throws Exception {
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.createContext("/", exchange -> {
            seen.add(String.valueOf(exchange.getRequestHeaders().get(InternalAuth.HEADER)));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        try {
            java.net.http.HttpClient client = InternalCredentials.load(Map.of("baton.internal.secret", SECRET)::get)
                    .signing(java.net.http.HttpClient.newHttpClient());
            URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/x");
            client.send(HttpRequest.newBuilder(uri).header(InternalAuth.HEADER, "forged-by-a-caller-000").build(),
                    java.net.http.HttpResponse.BodyHandlers.discarding());
            client.sendAsync(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                    java.net.http.HttpResponse.BodyHandlers.discarding()).join();
            assertThat(seen).containsExactly("[" + SECRET + "]", "[" + SECRET + "]");
        } finally {
            server.stop(0);
        }
    }
}
