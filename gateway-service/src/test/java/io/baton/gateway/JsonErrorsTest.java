package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** Parse errors in the client's words: where, and what, without the parser's vocabulary. */
class JsonErrorsTest {

    static final ObjectMapper STRICT = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

    static String describe(String body) {
        try {
            STRICT.readTree(body);
        } catch (JsonProcessingException e) {
            return JsonErrors.describe(e);
        }
        return fail("parsed: " + body);
    }

    @Test
    void everyMessageSaysWhereAndNothingOfTheParser() {
        for (String body : new String[] {"{bad", "{\"a\":}", "[1,2", "{\"a\" 1}", "\"open", "tru", "{\"a\":1,}",
                "[NaN]", "[-Infinity]", "{\"a\":1} x", "{\"a\":1,\"a\":2}", "[01]",
                "{\"a\":\"\u0001\"}", "/*c*/{\"a\":1}", "{\"a\":1 // c\n}"}) {
            String m = describe(body);
            assertThat(m).as(body).containsPattern("at line \\d+, column \\d+")
                    .doesNotContain("`", "Source", "REDACTED", "Jackson", "StreamRead", "JsonReadFeature", "java.",
                            "com.fasterxml", "Feature", "\n");
        }
        assertThat(describe("{\"a\":1,\"a\":2}")).endsWith("the key 'a' is given twice in one object");
        assertThat(describe("[NaN]")).endsWith("NaN is not a JSON number; JSON tensor data must be finite numbers");
        assertThat(describe("[" + "[".repeat(1100))).startsWith("the request body nests too deeply")
                .doesNotContain("`", "StreamRead", "getMaxNestingDepth");
        assertThat(describe("/*c*/{\"a\":1}")).endsWith("comments are not allowed in JSON");
        assertThat(describe("[1,2")).endsWith("the body ends early: an array is not closed");
    }
}
