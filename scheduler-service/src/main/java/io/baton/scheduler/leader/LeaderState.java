package io.baton.scheduler.leader;

import java.time.Instant;

/**
 * What this scheduler knows of the leadership: whether it leads, who does (as the registry last said) and since when
 * this view holds.
 *
 * @param election  {@code none} or {@code registry} ({@link LeaderProperties#election()})
 * @param self      this process's holder id
 * @param selfUrl   this scheduler's advertised URL
 * @param leading   whether this scheduler serves
 * @param leader    the holder id of the leader, null while unknown
 * @param leaderUrl the leader's URL, null while unknown
 * @param epoch     the lease's fencing token as last seen (0 while unknown, and with election {@code none})
 * @param since     when {@code leading} last changed
 * @param registryReachable whether the last renewal got an answer from the registry
 */
public record LeaderState(String election, String self, String selfUrl, boolean leading, String leader,
                          String leaderUrl, long epoch, Instant since, boolean registryReachable) {
}
