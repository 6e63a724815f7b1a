package io.baton.registry.lease;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The {@code leases} table, one conditional statement per step, each committed on its own: a renewal or a take-over
 * is one {@code UPDATE ... WHERE holder = me OR expires_at < now}, which the database serialises per row, so two
 * callers racing for a lapsed lease cannot both win (the loser's UPDATE re-reads the winner's row and matches
 * nothing). A lease never seen is created by an INSERT, whose primary key settles the same race. Every time is the
 * database's clock, read in the statement before, so callers' and registry replicas' clocks play no part.
 */
@Component
public class LeaseStore {

    private static final String COLUMNS = "name, holder, holder_url, epoch, acquired_at, expires_at";

    private final JdbcTemplate jdbc;

    public LeaseStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** What acquiring gave: the lease as it now stands, and whether the caller holds it. */
    public record Outcome(Lease lease, boolean held) {
    }

    /**
     * Takes or renews {@code name} for {@code holder} for {@code ttlMillis} from the database's now: succeeds when the
     * caller holds it already, when it has lapsed, or when nobody ever held it; otherwise the current holder's lease.
     */
    public Outcome acquire(String name, String holder, String holderUrl, long ttlMillis) {
        for (int attempt = 0; ; attempt++) {
            OffsetDateTime now = now();
            OffsetDateTime expires = now.plusNanos(ttlMillis * 1_000_000L);
            int updated = jdbc.update("update leases set "
                            + "epoch = case when holder = ? then epoch else epoch + 1 end, "
                            + "acquired_at = case when holder = ? then acquired_at else ? end, "
                            + "holder = ?, holder_url = ?, expires_at = ? "
                            + "where name = ? and (holder = ? or expires_at < ?)",
                    holder, holder, now, holder, holderUrl, expires, name, holder, now);
            if (updated == 1) return new Outcome(read(name, now).orElseThrow(), true);
            Optional<Lease> current = read(name, now);
            if (current.isPresent()) return new Outcome(current.get(), false);
            try {
                jdbc.update("insert into leases (" + COLUMNS + ") values (?, ?, ?, 1, ?, ?)",
                        name, holder, holderUrl, now, expires);
                return new Outcome(read(name, now).orElseThrow(), true);
            } catch (DuplicateKeyException raced) {
                // another caller created it between our read and our insert: its row decides, read again
                if (attempt >= 2) return new Outcome(read(name, now()).orElseThrow(), false);
            }
        }
    }

    /** The lease, whether or not it has lapsed; empty when nobody ever held it. */
    public Optional<Lease> find(String name) {
        return read(name, now());
    }

    /**
     * Ends {@code holder}'s lease at once (it lapses now; the row and its epoch stay): true when {@code holder} held
     * it, false when someone else does or it has lapsed already.
     */
    public boolean release(String name, String holder) {
        OffsetDateTime now = now();
        return jdbc.update("update leases set expires_at = ? where name = ? and holder = ? and expires_at >= ?",
                now.minusNanos(1_000_000L), name, holder, now) == 1;
    }

    private Optional<Lease> read(String name, OffsetDateTime now) {
        List<Lease> rows = jdbc.query("select " + COLUMNS + " from leases where name = ?",
                (rs, i) -> lease(rs, now.toInstant()), name);
        return rows.stream().findFirst();
    }

    private static Lease lease(ResultSet rs, Instant now) throws SQLException {
        Instant expires = rs.getObject("expires_at", OffsetDateTime.class).toInstant();
        return new Lease(rs.getString("name"), rs.getString("holder"), rs.getString("holder_url"), rs.getLong("epoch"),
                rs.getObject("acquired_at", OffsetDateTime.class).toInstant(), expires, expires.isBefore(now));
    }

    /** The database's clock, so that every registry replica and every caller agree on when a lease lapses. */
    private OffsetDateTime now() {
        OffsetDateTime now = jdbc.queryForObject("select current_timestamp", OffsetDateTime.class);
        return now.withOffsetSameInstant(ZoneOffset.UTC);
    }
}
