package io.baton.registry.lease;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The {@code leases} table, one conditional statement per step, each committed on its own: a renewal or a take-over
 * is one {@code UPDATE ... WHERE holder = me OR expires_at < now}, which the database serialises per row, so two
 * callers racing for a lapsed lease cannot both win (the loser's UPDATE re-reads the winner's row and matches
 * nothing). A lease never seen is created by an INSERT, whose primary key settles the same race. Every time is the
 * database's clock, read in the statement before, so callers' and registry replicas' clocks play no part.
 *
 * <p>A lease that lapsed while this registry could not answer (before it started, or while its database was down) is
 * not taken from its holder at once: its holder could not renew, so the lapse says nothing about it. For one
 * time-to-live (the caller's) after the registry can answer again, only the holder may renew it; after that anyone may
 * take it, as before. Without this, a registry back from a restart longer than the lease handed the role to whichever
 * scheduler asked first, and a leader that was serving well was deposed for the registry's outage, not its own (its
 * engines and the gateways' routes then started over on the other). A lease that lapses while the registry answers,
 * or is released, is free at once as ever.
 */
@Component
public class LeaseStore {

    private static final String COLUMNS = "name, holder, holder_url, epoch, acquired_at, expires_at";
    /** Before any lease: the lower bound of "lapsed" once holders have had their turn. */
    private static final OffsetDateTime NEVER = OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    private final JdbcTemplate jdbc;
    /** When (database clock) this registry last began to answer: at its first statement, and after a database error. */
    private volatile OffsetDateTime answeringSince;

    public LeaseStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** What acquiring gave: the lease as it now stands, and whether the caller holds it. */
    public record Outcome(Lease lease, boolean held) {
    }

    /**
     * Takes or renews {@code name} for {@code holder} for {@code ttlMillis} from the database's now: succeeds when the
     * caller holds it already, when it has lapsed (a lapse from before this registry could answer counts only
     * {@code ttlMillis} after it could: see the class comment), or when nobody ever held it; otherwise the current
     * holder's lease.
     */
    public Outcome acquire(String name, String holder, String holderUrl, long ttlMillis) {
        try {
            return acquireOrRenew(name, holder, holderUrl, ttlMillis);
        } catch (DataAccessException e) {
            answeringSince = null; // the database failed: holders cannot renew until it answers again
            throw e;
        }
    }

    private Outcome acquireOrRenew(String name, String holder, String holderUrl, long ttlMillis) {
        for (int attempt = 0; ; attempt++) {
            OffsetDateTime now = now();
            OffsetDateTime since = answeringSince;
            if (since == null) answeringSince = since = now;
            OffsetDateTime expires = now.plusNanos(ttlMillis * 1_000_000L);
            // lapses older than this were while the registry could not answer: not yet a reason to take the lease
            boolean holdersHadTheirTurn = !now.isBefore(since.plusNanos(ttlMillis * 1_000_000L));
            OffsetDateTime lapsedNoEarlier = holdersHadTheirTurn ? NEVER : since;
            int updated = jdbc.update("update leases set "
                            + "epoch = case when holder = ? then epoch else epoch + 1 end, "
                            + "acquired_at = case when holder = ? then acquired_at else ? end, "
                            + "holder = ?, holder_url = ?, expires_at = ? "
                            + "where name = ? and (holder = ? or (expires_at < ? and expires_at >= ?))",
                    holder, holder, now, holder, holderUrl, expires, name, holder, now, lapsedNoEarlier);
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
