package io.baton.registry.lease;

import java.time.Instant;

/**
 * A lease as stored: who holds it, where it serves, its fencing token and until when.
 *
 * @param name       the role
 * @param holder     its holder's identity
 * @param holderUrl  where the holder serves (may be null)
 * @param epoch      the fencing token: grows by one each time the lease passes to another holder
 * @param acquiredAt when the current holder took it
 * @param expiresAt  when it lapses unless renewed (the registry's clock)
 * @param expired    whether {@code expiresAt} had passed when this was read (a lapsed or released lease)
 */
public record Lease(String name, String holder, String holderUrl, long epoch, Instant acquiredAt, Instant expiresAt,
                    boolean expired) {
}
