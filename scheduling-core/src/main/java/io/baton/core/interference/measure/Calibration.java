package io.baton.core.interference.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.baton.core.interference.DeviceClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one calibration run measured on this machine: the profiles and co-runs of the random graphs (the
 * predictor's training set, §IV-C) and of the real zoo models (its held-out test set, §IV-D). Cached as JSON so a
 * bench re-run does not measure again.
 */
public record Calibration(String machine, List<CpuProfile> randomProfiles, List<CoRun> randomCoRuns,
                          List<CpuProfile> zooProfiles, List<CoRun> zooCoRuns) {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public void write(Path file) throws IOException {
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        JSON.writeValue(file.toFile(), this);
    }

    public static Calibration read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), Calibration.class);
    }

    /**
     * The co-runs in {@link io.baton.core.interference.MeasuredInterference}'s JSON table format. The two cores
     * stand in for the paper's two device classes (core 0 as "gpu", core 1 as "accelerator"), and both cores are
     * alike, so each measured pair is written in both orientations.
     */
    public static Map<String, Object> groundTruthTable(List<CoRun> coRuns) {
        List<Map<String, Object>> entries = new ArrayList<>();
        for (CoRun c : coRuns) {
            for (DeviceClass tc : DeviceClass.values()) {
                DeviceClass cc = tc == DeviceClass.GPU ? DeviceClass.ACCELERATOR : DeviceClass.GPU;
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("target", c.target());
                e.put("device", tc.name().toLowerCase());
                e.put("coRunners", List.of(Map.of("model", c.coRunner(), "device", cc.name().toLowerCase())));
                e.put("slowdown", c.slowdown());
                entries.add(e);
            }
        }
        return Map.of("entries", entries);
    }

    public static void writeGroundTruth(List<CoRun> coRuns, Path file) throws IOException {
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        JSON.writeValue(file.toFile(), groundTruthTable(coRuns));
    }
}
