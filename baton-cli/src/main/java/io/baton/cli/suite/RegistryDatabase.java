package io.baton.cli.suite;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Where registry-service keeps its rows: an H2 file (the quick start) or a PostgreSQL schema (the tests). */
public sealed interface RegistryDatabase {

    /** Command-line arguments for registry-service. */
    List<String> arguments();

    /** Environment variables for registry-service (its application.yml reads the database from them). */
    Map<String, String> environment();

    /** registry-service's {@code embedded} profile: H2 in PostgreSQL mode in {@code file} (H2 adds {@code .mv.db}). */
    record Embedded(Path file) implements RegistryDatabase {
        @Override
        public List<String> arguments() {
            return List.of("--spring.profiles.active=embedded");
        }

        @Override
        public Map<String, String> environment() {
            return Map.of("BATON_H2_FILE", file.toAbsolutePath().toString());
        }
    }

    /** A PostgreSQL server and the schema Flyway creates and owns in it. */
    record Postgres(String jdbcUrl, String user, String password, String schema) implements RegistryDatabase {
        @Override
        public List<String> arguments() {
            return List.of();
        }

        @Override
        public Map<String, String> environment() {
            return Map.of("BATON_DB_URL", jdbcUrl + (jdbcUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema,
                    "BATON_DB_SCHEMA", schema, "BATON_DB_USER", user, "BATON_DB_PASSWORD", password);
        }
    }
}
