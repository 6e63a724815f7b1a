package io.baton.commons.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The OpenAPI drift check: the document a service serves at {@code /v3/api-docs} is the one committed as
 * {@code openapi/<service>.yaml}, so a change to the HTTP API cannot go unnoticed by its clients.
 * {@code -Dbaton.openapi.write=true} writes the file instead of comparing (see openapi/README.md). Used through
 * {@link ServedOpenApiDocumentTest}, or directly by a test that needs another base class.
 */
public final class OpenApiDocuments {

    private OpenApiDocuments() {
    }

    /** Asserts that {@code service} (e.g. {@code registry-service}), reached through {@code http}, serves its committed document. */
    public static void assertServedIsCommitted(TestRestTemplate http, String service) throws IOException {
        Path committedFile = Path.of(System.getProperty("basedir", "."))
                .resolve("../openapi/" + service + ".yaml").toAbsolutePath().normalize();
        ResponseEntity<String> served = http.getForEntity("/v3/api-docs", String.class);
        assertThat(served.getStatusCode()).isEqualTo(HttpStatus.OK);
        String document = normalized(served.getBody());
        if (Boolean.getBoolean("baton.openapi.write")) {
            Files.createDirectories(committedFile.getParent());
            Files.writeString(committedFile, document);
            return;
        }
        String committed = Files.exists(committedFile) ? Files.readString(committedFile) : "";
        assertThat(document).withFailMessage(() -> committedFile + " is not what " + service + " serves at /v3/api-docs ("
                + firstDifference(committed, document) + "). If the API change is intended, regenerate it: mvn -pl "
                + "scheduling-core," + service + " test -Dtest=OpenApiDocumentTest "
                + "-Dsurefire.failIfNoSpecifiedTests=false -Dbaton.openapi.write=true")
                .isEqualTo(committed);
    }

    /** Keys sorted at every level, pretty YAML, and no servers: the port is random. */
    private static String normalized(String json) throws IOException {
        Map<String, Object> document = new ObjectMapper().readValue(json, new TypeReference<Map<String, Object>>() {
        });
        document.remove("servers");
        return YAMLMapper.builder()
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .disable(YAMLGenerator.Feature.SPLIT_LINES)
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                .build().writeValueAsString(document);
    }

    private static String firstDifference(String committed, String served) {
        String[] a = committed.split("\n", -1);
        String[] b = served.split("\n", -1);
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "<end of file>";
            String y = i < b.length ? b[i] : "<end of file>";
            if (!x.equals(y)) {
                return "first difference at line " + (i + 1) + ": committed '" + x.strip() + "', served '" + y.strip() + "'";
            }
        }
        return "no line differs";
    }
}
