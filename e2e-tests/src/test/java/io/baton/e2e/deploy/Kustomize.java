package io.baton.e2e.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** Renders a kustomization with {@code kubectl kustomize} (no cluster involved) and parses the documents. */
final class Kustomize {

    private Kustomize() {
    }

    /** kubectl named by -Dbaton.kubectl, else on the PATH, else at /usr/bin/kubectl. */
    static Optional<Path> kubectl() {
        String named = System.getProperty("baton.kubectl");
        if (named != null) {
            return Optional.of(Path.of(named)).filter(Files::isExecutable);
        }
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.concat(Stream.of(path.split(java.io.File.pathSeparator)), Stream.of("/usr/bin"))
                .filter(d -> !d.isBlank())
                .map(d -> Path.of(d, "kubectl"))
                .filter(Files::isExecutable)
                .findFirst();
    }

    @SuppressWarnings("unchecked")
    static Manifests render(Path kubectl, Path kustomization) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(kubectl.toString(), "kustomize", kustomization.toString())
                .redirectErrorStream(false).start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("kubectl kustomize " + kustomization + " failed: " + err);
        }
        List<Map<String, Object>> docs = new ArrayList<>();
        for (Object doc : new Yaml(new SafeConstructor(new LoaderOptions()))
                .loadAll(new String(out, StandardCharsets.UTF_8))) {
            if (doc != null) {
                docs.add((Map<String, Object>) doc);
            }
        }
        return new Manifests(docs);
    }
}
