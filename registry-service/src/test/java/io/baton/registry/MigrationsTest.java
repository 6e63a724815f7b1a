package io.baton.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;

import io.baton.commons.test.TestDatabase;

/**
 * The Flyway migrations apply to an empty database, both on PostgreSQL (production, tests) and on H2 in PostgreSQL
 * mode (the quick start's embedded database), and leave the same tables behind.
 */
class MigrationsTest {

    static final List<String> TABLES = List.of("api_keys", "applications", "artifacts", "leases", "model_variants", "plans", "profiles",
            "validation_datasets");

    @Test
    void applyToAnEmptyPostgresSchema() throws SQLException {
        TestDatabase.Server server = TestDatabase.server();
        String schema = TestDatabase.freshSchema("mig");
        try {
            Flyway flyway = Flyway.configure()
                    .dataSource(TestDatabase.urlFor(schema), server.user(), server.password())
                    .schemas(schema).defaultSchema(schema)
                    .load();
            int pending = flyway.info().pending().length;
            MigrateResult result = flyway.migrate();
            assertThat(result.success).isTrue();
            assertThat(result.migrationsExecuted).isEqualTo(pending).isPositive();
            assertThat(flyway.migrate().migrationsExecuted).isZero(); // idempotent
            try (Connection c = TestDatabase.connect()) {
                assertThat(tables(c, schema)).containsAll(TABLES);
            }
        } finally {
            TestDatabase.dropSchema(schema);
        }
    }

    @Test
    void applyToAnEmptyH2InPostgresMode() throws SQLException {
        String url = "jdbc:h2:mem:migrations;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
        Flyway flyway = Flyway.configure().dataSource(url, "sa", "").load();
        int pending = flyway.info().pending().length;
        MigrateResult result = flyway.migrate();
        assertThat(result.success).isTrue();
        assertThat(result.migrationsExecuted).isEqualTo(pending).isPositive();
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            assertThat(tables(c, "public")).containsAll(TABLES);
            c.createStatement().execute("shutdown");
        }
    }

    /** Variants stored before {@code max_batch_size} get the value one registered now without it gets. */
    @Test
    void variantsStoredBeforeMaxBatchSizeGetTheDerivedValue() throws SQLException {
        String url = "jdbc:h2:mem:maxbatch;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
        Flyway.configure().dataSource(url, "sa", "").target("4").load().migrate();
        String free = "[{\"name\":\"x\",\"datatype\":\"FP32\",\"shape\":[-1,4]}]";
        String fixed = "[{\"name\":\"x\",\"datatype\":\"FP32\",\"shape\":[1,4]}]";
        String scalar = "[{\"name\":\"sr\",\"datatype\":\"INT64\",\"shape\":[]}]";
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            c.createStatement().execute("insert into artifacts values ('" + "a".repeat(64) + "', 'onnx', 1, null, null, now())");
            c.createStatement().execute("insert into applications (name, kind, policy, policy_params, slo_ms, inputs, outputs,"
                    + " classes, created_at, updated_at, version) values ('app', 'single', 'symphony', '{}', 100, '[]',"
                    + " '[]', '[]', now(), now(), 0)");
            String[][] rows = {{"batching", free, free}, {"fixed", fixed, free}, {"scalar", scalar, free}};
            for (String[] r : rows) {
                c.createStatement().execute("insert into model_variants (application_id, name, stage, artifact_digest,"
                        + " inputs, outputs, created_at, updated_at, version) values (1, '" + r[0] + "', 0, '"
                        + "a".repeat(64) + "', '" + r[1] + "', '" + r[2] + "', now(), now(), 0)");
            }
        }
        assertThat(Flyway.configure().dataSource(url, "sa", "").load().migrate().success).isTrue();
        try (Connection c = DriverManager.getConnection(url, "sa", "");
             ResultSet rs = c.createStatement().executeQuery("select name, max_batch_size from model_variants order by name")) {
            List<String> found = new ArrayList<>();
            while (rs.next()) found.add(rs.getString(1) + "=" + rs.getInt(2));
            assertThat(found).containsExactly("batching=64", "fixed=0", "scalar=0");
            c.createStatement().execute("shutdown");
        }
    }

    /** Variants stored before {@code input_values} have none: an empty object. */
    @Test
    void variantsStoredBeforeInputValuesHaveNone() throws SQLException {
        String url = "jdbc:h2:mem:inputvalues;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
        Flyway.configure().dataSource(url, "sa", "").target("5").load().migrate();
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            c.createStatement().execute("insert into artifacts values ('" + "a".repeat(64) + "', 'onnx', 1, null, null, now())");
            c.createStatement().execute("insert into applications (name, kind, policy, policy_params, slo_ms, inputs, outputs,"
                    + " classes, created_at, updated_at, version) values ('app', 'single', 'symphony', '{}', 100, '[]',"
                    + " '[]', '[]', now(), now(), 0)");
            c.createStatement().execute("insert into model_variants (application_id, name, stage, artifact_digest, inputs,"
                    + " outputs, max_batch_size, created_at, updated_at, version) values (1, 'old', 0, '" + "a".repeat(64)
                    + "', '[]', '[]', 0, now(), now(), 0)");
        }
        assertThat(Flyway.configure().dataSource(url, "sa", "").load().migrate().success).isTrue();
        try (Connection c = DriverManager.getConnection(url, "sa", "");
             ResultSet rs = c.createStatement().executeQuery("select input_values from model_variants")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("{}");
            c.createStatement().execute("shutdown");
        }
    }

    private static List<String> tables(Connection c, String schema) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getTables(null, schema, "%", new String[] {"TABLE"})) {
            while (rs.next()) names.add(rs.getString("TABLE_NAME").toLowerCase(Locale.ROOT));
        }
        return names;
    }
}
