package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The document served at {@code /v3/api-docs} is the one committed as {@code openapi/worker-service.yaml}, so a
 * change to the HTTP API cannot go unnoticed by its clients. {@code -Dbaton.openapi.write=true} writes the file
 * instead of comparing (see openapi/README.md).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class OpenApiDocumentTest {

    private static final String SERVICE = "worker-service";
    private static final Path COMMITTED = Path.of(System.getProperty("basedir", "."))
            .resolve("../openapi/" + SERVICE + ".yaml").toAbsolutePath().normalize();

    @Autowired
    TestRestTemplate http;

    @Test
    void servedDocumentIsTheCommittedOne() throws IOException {
        ResponseEntity<String> served = http.getForEntity("/v3/api-docs", String.class);
        assertThat(served.getStatusCode()).isEqualTo(HttpStatus.OK);
        String document = normalized(served.getBody());
        if (Boolean.getBoolean("baton.openapi.write")) {
            Files.createDirectories(COMMITTED.getParent());
            Files.writeString(COMMITTED, document);
            return;
        }
        String committed = Files.exists(COMMITTED) ? Files.readString(COMMITTED) : "";
        assertThat(document).withFailMessage(() -> COMMITTED + " is not what " + SERVICE + " serves at /v3/api-docs ("
                + firstDifference(committed, document) + "). If the API change is intended, regenerate it: mvn -pl "
                + "scheduling-core," + SERVICE + " test -Dtest=OpenApiDocumentTest "
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
