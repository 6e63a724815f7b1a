package db.migration;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.registry.tensor.TensorSpec;
import io.baton.registry.variant.BatchingRule;

/**
 * A variant's {@code max_batch_size} (0: runs each request alone; N: batches of up to N along axis 0). Rows stored
 * before it get the value a variant registered now without one gets ({@link BatchingRule#derived}), read from their
 * stored tensors; that needs the JSON parsed, hence Java rather than SQL. Portable like V1 (PostgreSQL and H2 in
 * PostgreSQL mode).
 */
public class V5__variant_max_batch_size extends BaseJavaMigration {

    private static final TypeReference<List<TensorSpec>> SPECS = new TypeReference<>() { };

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        ObjectMapper json = new ObjectMapper();
        try (Statement s = c.createStatement()) {
            s.execute("alter table model_variants add column max_batch_size integer");
        }
        try (Statement s = c.createStatement();
             ResultSet rows = s.executeQuery("select id, inputs, outputs from model_variants");
             PreparedStatement update = c.prepareStatement("update model_variants set max_batch_size = ? where id = ?")) {
            while (rows.next()) {
                List<TensorSpec> inputs = json.readValue(rows.getString("inputs"), SPECS);
                List<TensorSpec> outputs = json.readValue(rows.getString("outputs"), SPECS);
                update.setInt(1, BatchingRule.derived(inputs, outputs));
                update.setLong(2, rows.getLong("id"));
                update.executeUpdate();
            }
        }
        try (Statement s = c.createStatement()) {
            s.execute("alter table model_variants alter column max_batch_size set not null");
            s.execute("alter table model_variants add constraint model_variants_max_batch_size"
                    + " check (max_batch_size between 0 and " + BatchingRule.MAX_BATCH_SIZE + ")");
        }
    }
}
