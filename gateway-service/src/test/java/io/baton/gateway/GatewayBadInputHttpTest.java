package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * Bad input on the OIP routes, over real HTTP: every refusal is a 4xx with the OIP error body naming what is wrong,
 * never a worker's retried 502, a 200 that should not be, a parser's or Tomcat's own wording, HTML or a class name.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability(tracing = false)
class GatewayBadInputHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();
    static final String X = "{\"name\": \"x\", \"shape\": [1, 4], \"datatype\": \"FP32\", \"data\": [1, 2, 3, 4]}";
    static final String EX = "{\"inputs\": [" + X + "]}";

    static {
        Apps.install(REGISTRY, SCHEDULER);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
        properties.add("baton.gateway.api-keys", () -> "bad-input-test-key");
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void forgetCalls() {
        SCHEDULER.calls.clear();
    }

    @Test
    void anEmptyOutputsArrayIsRefusedForEveryKindOfApplication() throws Exception {
        String withEmpty = "{\"inputs\": [" + X + "], \"outputs\": []}";
        for (String app : new String[] {"fashion", "ens"}) {
            assertThat(error("/v2/models/" + app + "/infer", withEmpty, 400))
                    .isEqualTo("outputs must name at least one output, or be left out (for all of them)");
        }
        assertThat(error("/v2/models/pipe/infer", """
                {"inputs": [{"name": "image", "shape": [1, 3], "datatype": "FP32", "data": [1, 2, 3]}],
                 "outputs": []}""", 400)).startsWith("outputs must name at least one output");
        assertThat(SCHEDULER.calls).isEmpty();
    }

    @Test
    void jsonIsReadStrictly() throws Exception {
        assertThat(error("/v2/models/fashion/infer", EX + " garbage", 400)).startsWith("malformed JSON at line 1");
        assertThat(error("/v2/models/fashion/infer", EX + " " + EX, 400))
                .contains("more content after the end of the JSON document");
        assertThat(error("/v2/models/fashion/infer", "{\"inputs\": [" + X + "], \"inputs\": [" + X + "]}", 400))
                .contains("the key 'inputs' is given twice");
        assertThat(error("/v2/models/fashion/infer", "{\"inputs\": [", 400))
                .startsWith("malformed JSON at line 1");
        assertThat(error("/v2/models/fashion/infer", "[".repeat(1200) + "]".repeat(1200), 400))
                .startsWith("the request body nests too deeply");
        assertThat(error("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [1, 2, 3, 4],
                             "parameters": "binary"}]}""", 400))
                .isEqualTo("inputs[0].parameters must be an object, not a string (\"binary\")");
        assertThat(SCHEDULER.calls).isEmpty();
    }

    @Test
    void nestedDataMustFollowTheShape() throws Exception {
        assertThat(error("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [[1, 2], [3, 4]]}]}""", 400))
                .isEqualTo("input 'x': data has 2 entries but shape [1, 4] has 1 in dimension 0");
        assertThat(error("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [2, 4], "datatype": "FP32",
                             "data": [[1, 2, 3, 4], [5, 6, 7]]}]}""", 400))
                .isEqualTo("input 'x': data[1] has 3 entries but shape [2, 4] has 4 in dimension 1");
        assertThat(error("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [2, 4], "datatype": "FP32",
                             "data": [[1, 2, 3, 4], 5, 6, 7, 8]}]}""", 400))
                .startsWith("input 'x': data has 5 entries");
        assertThat(error("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [[1, 2, 3, [4]]]}]}""", 400))
                .startsWith("input 'x': data[0][3] is an array at depth 2 but shape [1, 4] has only 2 dimensions");
        // flat and well-nested data still serve
        postJson("/v2/models/fashion/infer", EX, 200);
        postJson("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [[1, 2, 3, 4]]}]}""", 200);
    }

    @Test
    void valuesMustBeFiniteAndFitTheDatatype() throws Exception {
        for (String v : new String[] {"1e300", "1e999", "-3.5e38"}) {
            assertThat(error("/v2/models/fashion/infer", EX.replace("[1, 2, 3, 4]", "[1, 2, " + v + ", 4]"), 400))
                    .startsWith("input 'x': data[2] is ").contains("outside the range of FP32");
        }
        for (String v : new String[] {"NaN", "Infinity", "-Infinity"}) {
            assertThat(error("/v2/models/fashion/infer", EX.replace("[1, 2, 3, 4]", "[1, " + v + ", 3, 4]"), 400))
                    .contains(v.replace("-", "") + " is not a JSON number")
                    .contains("JSON tensor data must be finite numbers");
        }
        assertThat(error("/v2/models/ints/infer", """
                {"inputs": [{"name": "ids", "shape": [1, 2], "datatype": "INT64",
                             "data": [1, 99999999999999999999]}]}""", 400))
                .isEqualTo("input 'ids': data[1] is 99999999999999999999, not a 64-bit integer");
        assertThat(SCHEDULER.calls).isEmpty();
    }

    /** fashion's first output is the sum of the row: two FP32 maxima overflow it to Infinity. */
    @Test
    void aNonFiniteModelOutputIsA502NotTheStringNaN() throws Exception {
        HttpResponse<String> r = post("/v2/models/fashion/infer",
                EX.replace("[1, 2, 3, 4]", "[3.0e38, 3.0e38, 0, 0]"));
        assertThat(r.statusCode()).isEqualTo(502);
        String error = JSON.readTree(r.body()).get("error").asText();
        assertThat(error).startsWith("the model produced a non-finite value (Infinity) in output 'probs' at element 0");
        assertThat(r.body()).doesNotContain("\"NaN\"");
        clean(error);
    }

    @Test
    void messagesSayWhatIsWrong() throws Exception {
        HttpResponse<String> big = http.send(HttpRequest.newBuilder(uri("/v2/models/fashion/infer"))
                .header("Content-Type", "application/octet-stream")
                .header("Inference-Header-Content-Length", "1099511627776")
                .POST(HttpRequest.BodyPublishers.ofString(EX)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(big.statusCode()).isEqualTo(400);
        assertThat(clean(JSON.readTree(big.body()).get("error").asText()))
                .isEqualTo("Inference-Header-Content-Length is 1099511627776, more than the body's length of "
                        + EX.length() + " bytes");
        assertThat(error("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32",
                             "parameters": {"binary_data_size": 1099511627776}}]}""", 400))
                .startsWith("input 'x': parameters.binary_data_size is 1099511627776 bytes, more than");
        assertThat(error("/v2/models/fashion/infer", EX.replace("[1, 4]", "\"1x784\""), 400))
                .isEqualTo("input 'x': shape must be an array of integers (dimensions, batch first), not a string "
                        + "(\"1x784\")");
        assertThat(error("/v2/models/fashion/infer", EX.replace("\"x\"", "5"), 400))
                .isEqualTo("inputs[0].name must be a string, not a number (5)");
        // a scalar, where the model takes a batch of rows
        assertThat(error("/v2/models/fashion/infer", EX.replace("[1, 4]", "[]").replace("[1, 2, 3, 4]", "[1]"), 400))
                .startsWith("input 'x': shape [] has 0 dimensions but model 'fashion' takes [-1, 4]");
    }

    @Test
    void unknownRoutesAndMethodsOnV2AnswerTheOipErrorBody() throws Exception {
        for (String method : new String[] {"PUT", "DELETE", "PATCH", "GET"}) {
            HttpResponse<String> r = send(method, "/v2/models/fashion/infer");
            assertThat(r.statusCode()).as(method).isEqualTo(405);
            assertThat(oipError(r)).isEqualTo("method " + method
                    + " is not allowed on /v2/models/fashion/infer; use POST");
            assertThat(r.headers().firstValue("Allow")).hasValue("POST");
        }
        assertThat(oipError(send("GET", "/v2/repository/index"))).contains("use POST");
        for (String path : new String[] {"/v2/nope", "/v2/models/fashion/infer/", "/v2//models/fashion/infer"}) {
            HttpResponse<String> r = send("POST", path);
            assertThat(r.statusCode()).as(path).isEqualTo(404);
            assertThat(oipError(r)).startsWith("no such route: POST /v2/");
        }
    }

    @Test
    void oddBodiesAndHeadersAreNamedPlainly() throws Exception {
        assertThat(error("/v2/models/fashion/infer", EX.replace("[1, 2, 3, 4]", "[1, 2, 3, 4" + "0".repeat(1500)
                + "]"), 400)).startsWith("a number in the request body has too many digits");
        HttpResponse<String> utf = http.send(HttpRequest.newBuilder(uri("/v2/models/fashion/infer"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(
                        new byte[] {'{', '"', (byte) 0xff, '"', ':', '1', '}'})).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(utf.statusCode()).isEqualTo(400);
        assertThat(oipError(utf)).startsWith("malformed JSON at line 1");
        HttpResponse<String> html = http.send(HttpRequest.newBuilder(uri("/v2/models/fashion"))
                .header("Accept", "text/html").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(html.statusCode()).isEqualTo(200);
        HttpResponse<String> ready = send("POST", "/v2/models/fashion/ready");
        assertThat(ready.statusCode()).isEqualTo(405);
        assertThat(oipError(ready)).isEqualTo("method POST is not allowed on /v2/models/fashion/ready; use GET");
        HttpResponse<String> nope = http.send(HttpRequest.newBuilder(uri("/v2/nope")).header("Accept", "text/html")
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(nope.statusCode()).isEqualTo(404);
        assertThat(oipError(nope)).isEqualTo("no such route: GET /v2/nope");
        HttpResponse<String> gzip = http.send(HttpRequest.newBuilder(uri("/v2/models/fashion/infer"))
                .header("Content-Type", "application/json").header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofString(EX)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(gzip.statusCode()).isEqualTo(415);
        assertThat(oipError(gzip)).isEqualTo("Content-Encoding 'gzip' is not accepted: send the request body uncompressed");
    }

    @Test
    void repositoryIndexNamesWhereItsJsonBreaks() throws Exception {
        assertThat(error("/v2/repository/index", "{bad", 400)).startsWith("malformed JSON at line 1, column 2: ");
    }

    @Test
    void tomcatsOwnRefusalsAreJsonNotHtml() throws Exception {
        String longSegment = "a".repeat(20_000);
        StringBuilder manyParams = new StringBuilder("/v2/models?");
        for (int i = 0; i < 5000; i++) {
            manyParams.append(i == 0 ? "" : "&").append("p").append(i).append("=1");
        }
        for (String request : new String[] {
                "GET /v2/models/%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                "GET /v2/models/%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                "GET /v2/models/..%2F..%2Fetc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                "GET /v2/models/" + longSegment + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                "POST " + manyParams + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
                "POST " + manyParams.toString().replace("/v2/models?", "/v2/models/fashion/infer?")
                        + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
                "GET " + manyParams.toString().replace("/v2/models?", "/v1/workers?")
                        + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                "GET /v1/%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                "POST /v2/models/fashion/infer HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: -1\r\n\r\n"}) {
            String answer = raw(request);
            String head = answer.substring(0, Math.max(0, answer.indexOf("\r\n\r\n")));
            String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
            String what = request.substring(0, Math.min(80, request.length()));
            assertThat(head).as(what).matches("(?s)HTTP/1\\.1 4\\d\\d.*");
            // a /v1 path answers a problem, when Tomcat got as far as reading the path (not for a request line too long)
            boolean v1 = request.contains(" /v1/") && request.length() < 8_000;
            assertThat(head.toLowerCase()).as(what)
                    .contains(v1 ? "content-type: application/problem+json" : "content-type: application/json");
            JsonNode json = JSON.readTree(body);
            assertThat(json.has(v1 ? "detail" : "error")).as(what + ": " + body).isTrue();
            assertThat(clean(json.has("error") ? json.get("error").asText() : json.get("detail").asText()))
                    .as(what).isNotBlank();
        }
    }

    // ---- helpers ----

    String raw(String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            return all.toString(StandardCharsets.UTF_8);
        }
    }

    /** The OIP error of a refusal, checked for what it must never contain. */
    String error(String path, String body, int status) throws IOException, InterruptedException {
        return clean(postJson(path, body, status).get("error").asText());
    }

    static String clean(String message) {
        assertThat(message).doesNotContain("java.", "io.baton.", "Jackson", "jackson", "StreamRead", "<html",
                "Source:", "Exception");
        return message;
    }

    String oipError(HttpResponse<String> r) throws IOException {
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        JsonNode body = JSON.readTree(r.body());
        // the error, and for an inference request the trace it was given (parameters.trace_id), nothing else
        assertThat(body.fieldNames()).toIterable().as(r.body()).containsAnyOf("error").isSubsetOf("error", "parameters");
        if (body.has("parameters")) {
            assertThat(body.at("/parameters/trace_id").asText()).as(r.body()).matches("[0-9a-f]{32}");
        }
        return clean(body.get("error").asText());
    }

    HttpResponse<String> send(String method, String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(EX)).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    JsonNode postJson(String path, String body, int status) throws IOException, InterruptedException {
        HttpResponse<String> r = post(path, body);
        assertThat(r.statusCode()).as(path + " -> " + r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        return JSON.readTree(r.body());
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
