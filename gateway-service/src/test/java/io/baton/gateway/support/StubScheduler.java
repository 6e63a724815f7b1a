package io.baton.gateway.support;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;

/**
 * A stand-in for scheduler-service's inference route and application readiness, by its README: it checks the body
 * as the contract has it (known fields only; {@code variant} required for ensembles and pipelines; every input of the
 * variant by the variant's names; outputs known), "runs" the variant as a function of each batch row, and answers
 * the request's slice ({@code base64} when {@code binaryOutputs}). Refusals are RFC 7807 problems; drops and other
 * refusals can be set per application or per application/variant.
 */
public final class StubScheduler extends StubHttp {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> FIELDS = Set.of("application", "variant", "stage", "timeoutMs", "priority", "inputs", "evidence",
            "outputs", "binaryOutputs");

    /**
     * A variant: its input and output names (in order), the datatype of its outputs, and what it computes for one
     * batch row (each input's row values in, each output's row values out).
     */
    public record Model(List<String> inputs, List<String> outputs, String outputType,
                        Function<Map<String, double[]>, Map<String, double[]>> row) {
        public Model(List<String> inputs, List<String> outputs,
                     Function<Map<String, double[]>, Map<String, double[]>> row) {
            this(inputs, outputs, "FP32", row);
        }

        /**
         * A variant that answers each input as the output at its position, byte for byte, whatever its datatype
         * and shape (a scalar too): what a tensor crossing the gateway both ways needs.
         */
        public static Model echo(List<String> inputs, List<String> outputs) {
            return new Model(inputs, outputs, null, null);
        }
    }

    /** A refusal to answer instead of running: a status and a problem slug, with a drop reason for 503s. */
    public record Refusal(int status, String slug, String reason, String detail) {
    }

    private record App(String kind, Map<String, Model> variants) {
    }

    private final Map<String, App> apps = new ConcurrentHashMap<>();
    private final Map<String, Refusal> refusals = new ConcurrentHashMap<>();
    private final Map<String, String> states = new ConcurrentHashMap<>();
    private final Map<String, Long> delaysMs = new ConcurrentHashMap<>();
    public final List<JsonNode> calls = new CopyOnWriteArrayList<>();
    private final Map<String, String> stageChoices = new java.util.concurrent.ConcurrentHashMap<>();
    /** Whether {@link #calls} keeps the bodies (a benchmark turns it off). */
    public volatile boolean recording = true;
    /**
     * Non-null: this stand-in is a standby, answering inference and ensemble queries 503 {@code not-leader} naming
     * this as the leader's URL ("" names none), as scheduler-service's {@code NotLeaderFilter} does.
     */
    public volatile String standbyFor;
    /** Whether its readiness probe answers UP (200) or DOWN (503): the gateway's health follows it. */
    public volatile boolean ready = true;

    /** The variant a stage call of {@code app} runs (the stub's stand-in for IPA's live plan). */
    public StubScheduler stageChoice(String app, int stage, String variant) {
        stageChoices.put(app + "/" + stage, variant);
        return this;
    }

    public StubScheduler application(String name, String kind, Map<String, Model> variants) {
        apps.put(name, new App(kind, new TreeMap<>(variants)));
        return this;
    }

    /** Refuse calls for {@code key} ({@code app} or {@code app/variant}); null clears it. */
    public StubScheduler refuse(String key, Refusal refusal) {
        if (refusal == null) {
            refusals.remove(key);
        } else {
            refusals.put(key, refusal);
        }
        return this;
    }

    /** Answer calls for {@code key} ({@code app} or {@code app/variant}) only after {@code ms}. */
    public StubScheduler delay(String key, long ms) {
        delaysMs.put(key, ms);
        return this;
    }

    /** What {@code GET /internal/v1/applications/{app}} answers. */
    public StubScheduler state(String app, String json) {
        states.put(app, json);
        return this;
    }

    /** What {@code GET /internal/v1/traces/{traceId}} answers, by trace id (404 for any other). */
    public final Map<String, String> traces = new ConcurrentHashMap<>();

    public List<JsonNode> callsFor(String app) {
        return calls.stream().filter(c -> app.equals(c.path("application").asText())).toList();
    }

    @Override
    protected void handle(HttpExchange exchange) throws Exception {
        String path = exchange.getRequestURI().getPath();
        if (path.equals("/actuator/health/readiness")) {
            json(exchange, ready ? 200 : 503, ready ? "{\"status\":\"UP\"}" : "{\"status\":\"DOWN\"}");
            return;
        }
        if (exchange.getRequestMethod().equals("GET") && path.startsWith("/internal/v1/traces/")) {
            String trace = traces.get(path.substring("/internal/v1/traces/".length()));
            if (trace == null) {
                problem(exchange, 404, "not-found", "no request of that trace is held", null);
            } else {
                json(exchange, 200, trace);
            }
            return;
        }
        if (exchange.getRequestMethod().equals("GET") && path.startsWith("/internal/v1/applications/")) {
            String state = states.get(path.substring("/internal/v1/applications/".length()));
            if (state == null) {
                problem(exchange, 404, "not-found", "unknown application", null);
            } else {
                json(exchange, 200, state);
            }
            return;
        }
        String leader = standbyFor;
        if (leader != null && exchange.getRequestMethod().equals("POST")
                && (path.equals("/internal/v1/infer") || path.equals("/internal/v1/ensemble-queries"))
                && exchange.getRequestHeaders().getFirst(INTERNAL) == null) {
            exchange.getRequestBody().readAllBytes();
            problem(exchange, 503, "not-leader", "this scheduler is the standby", "\"leaderUrl\":"
                    + (leader.isEmpty() ? "null" : "\"" + leader + "\""));
            return;
        }
        if (exchange.getRequestMethod().equals("POST") && path.equals("/internal/v1/infer")) {
            infer(exchange);
            return;
        }
        if (exchange.getRequestMethod().equals("POST") && path.equals("/internal/v1/ensemble-queries")) {
            ensembleQuery(exchange);
            return;
        }
        problem(exchange, 404, "not-found", "no route " + path, null);
    }

    private final Map<String, List<String>> ensembleRuns = new ConcurrentHashMap<>();

    /** The base models the stand-in's Schemble "runs" for an application's queries (default: every member). */
    public StubScheduler ensembleMembers(String app, List<String> members) {
        ensembleRuns.put(app, List.copyOf(members));
        return this;
    }

    /**
     * Schemble's query route, as the scheduler's README has it: the query is recorded, then each member it runs
     * ({@link #ensembleMembers}, default all) "runs" through this stub's own infer route (not recorded again), the
     * others are skipped; a refusal set for the application answers instead.
     */
    private void ensembleQuery(HttpExchange exchange) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode body =
                (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(exchange.getRequestBody().readAllBytes());
        if (recording) {
            calls.add(body);
        }
        String appName = body.path("application").asText();
        Refusal refusal = refusals.get(appName);
        if (refusal != null) {
            problem(exchange, refusal.status(), refusal.slug(), refusal.detail(),
                    refusal.reason() == null ? null : "\"reason\":\"" + refusal.reason() + "\"");
            return;
        }
        List<String> runs = ensembleRuns.get(appName);
        com.fasterxml.jackson.databind.node.ArrayNode members = JSON.createArrayNode();
        com.fasterxml.jackson.databind.node.ObjectNode answer = JSON.createObjectNode();
        com.fasterxml.jackson.databind.node.ArrayNode skipped = answer.putArray("skipped");
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        for (JsonNode m : body.path("members")) {
            if (runs != null && !runs.contains(m.path("variant").asText())) {
                skipped.add(m.path("variant").asText());
                continue;
            }
            com.fasterxml.jackson.databind.node.ObjectNode call = JSON.createObjectNode();
            call.put("application", appName);
            call.put("variant", m.path("variant").asText());
            call.set("timeoutMs", body.get("timeoutMs"));
            call.set("inputs", m.get("inputs"));
            if (m.has("outputs")) call.set("outputs", m.get("outputs"));
            call.put("binaryOutputs", body.path("binaryOutputs").asBoolean());
            java.net.http.HttpResponse<String> r = client.send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create(url() + "/internal/v1/infer")).header("Content-Type", "application/json")
                    .header(INTERNAL, "1")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(call))).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                send(exchange, r.statusCode(), "application/problem+json", r.body().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                return;
            }
            members.add(JSON.readTree(r.body()));
        }
        answer.put("application", appName);
        answer.put("bin", -1);
        answer.put("plannedUtility", 1.0);
        answer.set("members", members);
        answer.putObject("timing").put("totalMs", 1.0);
        json(exchange, 200, JSON.writeValueAsString(answer));
    }

    /** Marks the stand-in's own member calls, which are not recorded as calls. */
    private static final String INTERNAL = "X-Stub-Member";

    private void infer(HttpExchange exchange) throws Exception {
        JsonNode body;
        try {
            body = JSON.readTree(exchange.getRequestBody().readAllBytes());
        } catch (Exception e) {
            problem(exchange, 400, "invalid-request", "malformed JSON", null);
            return;
        }
        if (recording && exchange.getRequestHeaders().getFirst(INTERNAL) == null) {
            calls.add(body);
        }
        for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!FIELDS.contains(f)) {
                problem(exchange, 400, "invalid-request", "unknown field " + f, "\"field\":\"" + f + "\"");
                return;
            }
        }
        String appName = body.path("application").asText();
        App app = apps.get(appName);
        if (app == null) {
            problem(exchange, 404, "not-found", "no application " + appName, "\"field\":\"application\"");
            return;
        }
        String variant = body.hasNonNull("variant") ? body.get("variant").asText() : null;
        boolean byStage = variant == null && body.hasNonNull("stage");
        if (byStage) {
            variant = stageChoices.get(appName + "/" + body.get("stage").asInt());
            if (variant == null) {
                problem(exchange, 400, "invalid-request", "no stage " + body.get("stage") + " planned", "\"field\":\"stage\"");
                return;
            }
        }
        if (variant == null && !app.kind().equals("single")) {
            problem(exchange, 400, "invalid-request", "variant is required for a " + app.kind(),
                    "\"field\":\"variant\"");
            return;
        }
        if (variant == null) {
            variant = app.variants().keySet().iterator().next(); // the stub's "default variant": the first by name
        }
        Model model = app.variants().get(variant);
        if (model == null) {
            problem(exchange, 404, "not-found", "no variant " + variant, "\"field\":\"variant\"");
            return;
        }
        long delay = delaysMs.getOrDefault(appName + "/" + variant, delaysMs.getOrDefault(appName, 0L));
        if (delay > 0) {
            Thread.sleep(delay);
        }
        Refusal refusal = refusals.getOrDefault(appName + "/" + variant, refusals.get(appName));
        if (refusal != null) {
            problem(exchange, refusal.status(), refusal.slug(), refusal.detail(),
                    refusal.reason() == null ? null : "\"reason\":\"" + refusal.reason() + "\"");
            return;
        }
        if (model.row() == null) {
            echo(exchange, body, appName, variant, model);
            return;
        }
        Map<String, double[]> inputs = new LinkedHashMap<>();
        Map<String, Integer> widths = new LinkedHashMap<>();
        long batch = -1;
        JsonNode in = body.path("inputs");
        for (int i = 0; i < in.size(); i++) {
            JsonNode t = in.get(i);
            String name = t.path("name").asText();
            if (byStage && !model.inputs().contains(name) && i < model.inputs().size()) {
                name = model.inputs().get(i); // the scheduler maps a stage call's inputs by position
            }
            if (!model.inputs().contains(name)) {
                problem(exchange, 400, "invalid-request", "variant " + variant + " has no input " + name,
                        "\"field\":\"inputs[" + i + "].name\"");
                return;
            }
            long rows = t.path("shape").get(0).asLong();
            long elements = 1;
            for (JsonNode d : t.path("shape")) {
                elements *= d.asLong();
            }
            batch = rows;
            inputs.put(name, values(t, (int) elements));
            widths.put(name, (int) (elements / rows));
        }
        if (!inputs.keySet().containsAll(model.inputs())) {
            problem(exchange, 400, "invalid-request", "variant " + variant + " needs inputs " + model.inputs(),
                    "\"field\":\"inputs\"");
            return;
        }
        List<String> wanted = new ArrayList<>();
        if (body.has("outputs")) {
            for (JsonNode o : body.get("outputs")) {
                if (!model.outputs().contains(o.asText())) {
                    problem(exchange, 400, "invalid-request", "variant " + variant + " has no output " + o.asText(),
                            "\"field\":\"outputs\"");
                    return;
                }
                wanted.add(o.asText());
            }
        } else {
            wanted.addAll(model.outputs());
        }
        Map<String, List<double[]>> rowsOut = new LinkedHashMap<>();
        for (int r = 0; r < batch; r++) {
            Map<String, double[]> row = new LinkedHashMap<>();
            for (var e : inputs.entrySet()) {
                int w = widths.get(e.getKey());
                double[] slice = new double[w];
                System.arraycopy(e.getValue(), r * w, slice, 0, w);
                row.put(e.getKey(), slice);
            }
            model.row().apply(row).forEach((k, v) -> rowsOut.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
        }
        boolean binary = body.path("binaryOutputs").asBoolean(false);
        ObjectNode answer = JSON.createObjectNode();
        answer.put("application", appName).put("variant", variant).put("variantDigest", "sha-" + variant)
                .put("workerId", "cpu-0").put("batchSize", 3);
        ArrayNode outputs = answer.putArray("outputs");
        for (String name : wanted) {
            List<double[]> rows = rowsOut.get(name);
            int width = rows.get(0).length;
            ObjectNode o = outputs.addObject();
            o.put("name", name).put("datatype", model.outputType());
            o.putArray("shape").add(rows.size()).add(width);
            boolean ints = model.outputType().equals("INT64");
            if (binary) {
                ByteBuffer b = ByteBuffer.allocate(rows.size() * width * (ints ? 8 : 4)).order(ByteOrder.LITTLE_ENDIAN);
                for (double[] row : rows) {
                    for (double v : row) {
                        if (ints) b.putLong((long) v); else b.putFloat((float) v);
                    }
                }
                o.put("base64", Base64.getEncoder().encodeToString(b.array()));
            } else {
                ArrayNode data = o.putArray("data");
                for (double[] row : rows) {
                    for (double v : row) {
                        if (ints) data.add((long) v); else data.add((float) v);
                    }
                }
            }
        }
        answer.putObject("timing").put("queueMs", 1.5).put("executionMs", 0.25).put("totalMs", 2.0);
        json(exchange, 200, JSON.writeValueAsString(answer));
    }

    /** An echo variant's answer: each input (by the variant's names) as the output at its position, as it came. */
    private void echo(HttpExchange exchange, JsonNode body, String appName, String variant, Model model)
            throws Exception {
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        for (JsonNode t : body.path("inputs")) {
            byName.put(t.path("name").asText(), t);
        }
        if (!byName.keySet().equals(new java.util.HashSet<>(model.inputs()))) {
            problem(exchange, 400, "invalid-request", "variant " + variant + " takes inputs " + model.inputs()
                    + ", not " + byName.keySet(), "\"field\":\"inputs\"");
            return;
        }
        List<String> wanted = new ArrayList<>();
        body.path("outputs").forEach(o -> wanted.add(o.asText()));
        ObjectNode answer = JSON.createObjectNode();
        answer.put("application", appName).put("variant", variant).put("variantDigest", "sha-" + variant)
                .put("workerId", "cpu-0").put("batchSize", 1);
        ArrayNode outputs = answer.putArray("outputs");
        for (int i = 0; i < model.outputs().size(); i++) {
            String name = model.outputs().get(i);
            if (!wanted.isEmpty() && !wanted.contains(name)) {
                continue;
            }
            ObjectNode o = ((ObjectNode) byName.get(model.inputs().get(i))).deepCopy();
            o.put("name", name);
            outputs.add(o);
        }
        answer.putObject("timing").put("queueMs", 1.5).put("executionMs", 0.25).put("totalMs", 2.0);
        json(exchange, 200, JSON.writeValueAsString(answer));
    }

    private static double[] values(JsonNode tensor, int elements) {
        String type = tensor.path("datatype").asText();
        double[] out = new double[elements];
        if (tensor.hasNonNull("base64")) {
            ByteBuffer b = ByteBuffer.wrap(Base64.getDecoder().decode(tensor.get("base64").asText()))
                    .order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < elements; i++) {
                out[i] = switch (type) {
                    case "FP32" -> b.getFloat();
                    case "FP64" -> b.getDouble();
                    case "INT32" -> b.getInt();
                    default -> b.getLong();
                };
            }
            return out;
        }
        List<Double> flat = new ArrayList<>();
        flatten(tensor.path("data"), flat);
        for (int i = 0; i < elements; i++) {
            out[i] = flat.get(i);
        }
        return out;
    }

    private static void flatten(JsonNode node, List<Double> into) {
        for (JsonNode v : node) {
            if (v.isArray()) {
                flatten(v, into);
            } else {
                into.add(v.asDouble());
            }
        }
    }
}
