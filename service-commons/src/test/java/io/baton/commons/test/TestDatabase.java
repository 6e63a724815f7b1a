package io.baton.commons.test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

/**
 * The real PostgreSQL the tests run against: a Testcontainers PostgreSQL when a Docker engine answers, otherwise
 * the server named by {@code BATON_TEST_DB_URL} (default {@code jdbc:postgresql://127.0.0.1:5432/postgres}, user
 * {@code BATON_TEST_DB_USER} or postgres, password {@code BATON_TEST_DB_PASSWORD} or empty: trust auth).
 * Each test class gets a fresh schema of its own, dropped afterwards, so classes never see each other's rows.
 */
public final class TestDatabase {

    public record Server(String url, String user, String password) {
    }

    private static Server server;

    private TestDatabase() {
    }

    public static synchronized Server server() {
        if (server == null) server = start();
        return server;
    }

    private static Server start() {
        if (System.getenv("BATON_TEST_DB_URL") == null && dockerAnswers()) {
            PostgreSQLContainer<?> container = new PostgreSQLContainer<>("postgres:15-alpine");
            container.start(); // stopped by Testcontainers' reaper when the JVM exits
            return new Server(container.getJdbcUrl(), container.getUsername(), container.getPassword());
        }
        return new Server(env("BATON_TEST_DB_URL", "jdbc:postgresql://127.0.0.1:5432/postgres"),
                env("BATON_TEST_DB_USER", "postgres"), env("BATON_TEST_DB_PASSWORD", ""));
    }

    private static boolean dockerAnswers() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (Throwable e) {
            return false;
        }
    }

    /** A new, empty, unique schema name (not created: Flyway creates it). */
    public static String freshSchema(String owner) {
        return ("baton_test_" + owner + "_" + UUID.randomUUID().toString().substring(0, 8)).toLowerCase(Locale.ROOT);
    }

    /** The server's URL with the schema as the connection's search path. */
    public static String urlFor(String schema) {
        String url = server().url();
        return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    public static void dropSchema(String schema) {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("drop schema if exists " + schema + " cascade");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot drop test schema " + schema, e);
        }
    }

    public static Connection connect() throws SQLException {
        Server s = server();
        return DriverManager.getConnection(s.url(), s.user(), s.password());
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
