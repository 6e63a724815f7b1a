package io.baton.core.symphony;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The model profiles of Symphony's Appendix B (Tables 5 and 6), copied verbatim into resources. */
public final class ModelZoo {

    /** One row: ℓ(b) = alphaMs·b + betaMs on that GPU, and the SLO the paper pairs it with. */
    public record Profile(String name, double alphaMs, double betaMs, double sloMs) {}

    private ModelZoo() {}

    /** Table 5 (NVIDIA 1080Ti, 35 models). */
    public static List<Profile> gtx1080ti() {
        return load("symphony-1080ti.csv");
    }

    /** Table 6 (NVIDIA A100, 37 models). */
    public static List<Profile> a100() {
        return load("symphony-a100.csv");
    }

    public static Profile byName(List<Profile> zoo, String name) {
        return zoo.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no model " + name + " in the zoo"));
    }

    private static List<Profile> load(String resource) {
        var in = ModelZoo.class.getResourceAsStream(resource);
        if (in == null) throw new IllegalStateException("missing resource " + resource);
        List<Profile> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split(",");
                out.add(new Profile(f[0], Double.parseDouble(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[4])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(out);
    }
}
