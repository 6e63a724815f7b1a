package io.baton.cli.models;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The pinned list, {@value #RESOURCE} on the class path: every published model Baton fetches, by name. */
public final class PublishedModels {
    public static final String RESOURCE = "/io/baton/cli/models/published-models.json";
    /** The text-direction classifier {@code bin/baton up} serves as {@code ocr-direction}. */
    public static final String OCR_DIRECTION = "ppocr-cls";
    /** The recurrent voice-activity detector {@code bin/baton up} serves as {@code vad}. */
    public static final String VAD = "silero-vad";

    private static final ObjectMapper JSON = new ObjectMapper();

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Pinned(List<PublishedModel> models) {}

    private PublishedModels() {}

    /** Every pinned model, in the list's order. */
    public static List<PublishedModel> all() {
        try (InputStream in = PublishedModels.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the class path");
            List<PublishedModel> models = JSON.readValue(in, Pinned.class).models();
            Set<String> names = new HashSet<>();
            for (PublishedModel m : models) {
                m.check();
                if (!names.add(m.name())) throw new IllegalStateException(RESOURCE + " names " + m.name() + " twice");
            }
            return List.copyOf(models);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** The pinned model called {@code name}; an {@link IllegalArgumentException} listing the names otherwise. */
    public static PublishedModel named(String name) {
        List<PublishedModel> all = all();
        return all.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "no published model '" + name + "' (known: " + String.join(", ", all.stream().map(PublishedModel::name).toList()) + ")"));
    }
}
