package io.baton.e2e.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * The PostgreSQL server the registry runs on in these tests: {@code BATON_TEST_DB_URL} (default the local one,
 * {@code jdbc:postgresql://127.0.0.1:5432/postgres}), user {@code BATON_TEST_DB_USER} (postgres), password
 * {@code BATON_TEST_DB_PASSWORD} (empty: trust auth), as registry-service's own tests use it. Each run gets a fresh
 * schema, which Flyway creates and {@link #drop} removes.
 */
public final class Postgres {
    public static final String URL = env("BATON_TEST_DB_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
    public static final String USER = env("BATON_TEST_DB_USER", "postgres");
    public static final String PASSWORD = env("BATON_TEST_DB_PASSWORD", "");

    private Postgres() {}

    /** A new, unique schema name (not created: Flyway creates it). */
    public static String freshSchema() {
        return ("baton_e2e_" + UUID.randomUUID().toString().substring(0, 8)).toLowerCase(Locale.ROOT);
    }

    /** Fails with what to do when the server does not answer (the registry would fail later, less clearly). */
    public static void requireServer() {
        try (Connection c = connect()) {
            c.isValid(5);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL does not answer at " + URL + " as " + USER + " (" + e.getMessage()
                    + "); start it (bin/baton test does) or set BATON_TEST_DB_URL", e);
        }
    }

    public static void drop(String schema) {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("drop schema if exists " + schema + " cascade");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot drop test schema " + schema, e);
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(URL, USER, PASSWORD);
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
