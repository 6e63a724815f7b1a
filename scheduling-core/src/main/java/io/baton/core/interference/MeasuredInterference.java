package io.baton.core.interference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * "perfect pred" (§VI-A): the slowdowns measured when the target models actually co-run, looked up in a
 * table instead of predicted. It is static (one number per co-location), so at run time, where co-runners
 * start and stop in the middle of a request, it can still be off (the paper's explanation of mixes 2 and 4).
 *
 * <p>Keys are the target's name and device class and the multiset of co-runners (name and device class):
 * which accelerator a co-runner is on does not matter, as DLA0 and DLA1 are alike.
 *
 * <p>Sources: {@link #measure} (every co-location of a model set against a measuring function: the
 * benchmark's synthetic ground truth), or {@link #load} (a JSON table; the co-run measurements of real ONNX
 * Runtime sessions on pinned cores will come in this shape once the model zoo exists):
 * <pre>
 * {"entries":[{"target":"resnet50","device":"gpu","coRunners":[{"model":"alexnet","device":"accelerator"}],
 *              "slowdown":1.14}]}
 * </pre>
 */
public final class MeasuredInterference implements InterferencePredictor {

    private final Map<String, Double> table;

    public MeasuredInterference(Map<String, Double> table) {
        this.table = Map.copyOf(table);
    }

    @Override
    public String name() {
        return "measured";
    }

    public int size() {
        return table.size();
    }

    @Override
    public double slowdown(ModelProfile target, DeviceClass targetClass, List<CoRunner> coRunners) {
        if (coRunners.isEmpty()) return 1.0;
        List<String> names = new ArrayList<>(coRunners.size());
        List<DeviceClass> classes = new ArrayList<>(coRunners.size());
        for (CoRunner c : coRunners) {
            names.add(c.model().name());
            classes.add(c.deviceClass());
        }
        String k = key(target.name(), targetClass, names, classes);
        Double s = table.get(k);
        if (s == null) throw new IllegalArgumentException("no measured slowdown for " + k);
        return s;
    }

    static String key(String target, DeviceClass targetClass, List<String> coNames, List<DeviceClass> coClasses) {
        List<String> co = new ArrayList<>(coNames.size());
        for (int i = 0; i < coNames.size(); i++) co.add(coNames.get(i) + "@" + coClasses.get(i));
        co.sort(null);
        return target + "@" + targetClass + " <- " + String.join(",", co);
    }

    /** Measures every co-location of the models on the platform (each other device idle or running any model). */
    public static MeasuredInterference measure(List<ModelProfile> models, Platform platform, InterferencePredictor measuring) {
        Map<String, Double> table = new HashMap<>();
        int d = platform.size(), m = models.size();
        int combos = (int) Math.pow(m + 1, d - 1);
        for (int target = 0; target < d; target++) {
            for (int code = 0; code < combos; code++) {
                List<CoRunner> co = SlowdownTable.coRunners(models, platform, target, code);
                if (co.isEmpty()) continue;
                for (ModelProfile t : models) {
                    DeviceClass tc = platform.classOf(target);
                    double s = measuring.slowdown(t, tc, co);
                    table.put(key(t.name(), tc, co.stream().map(x -> x.model().name()).toList(),
                            co.stream().map(CoRunner::deviceClass).toList()), s);
                }
            }
        }
        return new MeasuredInterference(table);
    }

    /** Reads a measured table from JSON; errors name the field at fault (entries[3].slowdown ...). */
    public static MeasuredInterference load(Path file) throws IOException {
        return parse(new ObjectMapper().readTree(Files.readString(file)));
    }

    public static MeasuredInterference parse(JsonNode root) {
        JsonNode entries = root == null ? null : root.get("entries");
        if (entries == null || !entries.isArray()) throw new IllegalArgumentException("entries must be an array");
        Map<String, Double> table = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            String at = "entries[" + i + "]";
            String target = text(e, "target", at);
            DeviceClass tc = deviceClass(text(e, "device", at), at + ".device");
            JsonNode co = e.get("coRunners");
            if (co == null || !co.isArray()) throw new IllegalArgumentException(at + ".coRunners must be an array");
            List<String> names = new ArrayList<>();
            List<DeviceClass> classes = new ArrayList<>();
            for (int j = 0; j < co.size(); j++) {
                String cat = at + ".coRunners[" + j + "]";
                names.add(text(co.get(j), "model", cat));
                classes.add(deviceClass(text(co.get(j), "device", cat), cat + ".device"));
            }
            JsonNode s = e.get("slowdown");
            if (s == null || !s.isNumber() || !(s.asDouble() > 0)) throw new IllegalArgumentException(at + ".slowdown must be a number > 0");
            if (table.put(key(target, tc, names, classes), s.asDouble()) != null) {
                throw new IllegalArgumentException(at + " repeats an earlier co-location");
            }
        }
        return new MeasuredInterference(table);
    }

    private static String text(JsonNode n, String field, String at) {
        JsonNode v = n == null ? null : n.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) throw new IllegalArgumentException(at + "." + field + " must be a non-empty string");
        return v.asText();
    }

    private static DeviceClass deviceClass(String s, String at) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "gpu" -> DeviceClass.GPU;
            case "accelerator", "dla", "npu" -> DeviceClass.ACCELERATOR;
            default -> throw new IllegalArgumentException(at + " must be gpu or accelerator, got '" + s + "'");
        };
    }
}
