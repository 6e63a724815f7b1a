package io.baton.scheduler.leader;

import java.net.URI;
import java.time.Duration;

import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Leader election among the scheduler's replicas, bound from {@code baton.scheduler.leader.*}.
 *
 * @param election      {@code none}: this scheduler always leads (one scheduler, as before); {@code registry}: it
 *                      leads only while it holds the registry's lease {@code leaseName}
 * @param leaseName     the registry lease the replicas compete for (replicas of one suite share it)
 * @param renewInterval how often the lease is renewed (the leader) or tried (the standby)
 * @param leaseTtl      how long the lease lasts unless renewed: the standby takes over at most this long (plus one
 *                      {@code renewInterval}) after the leader is lost; at least twice {@code renewInterval}, so
 *                      one slow renewal does not cost the lease
 * @param advertisedUrl where the other services reach this scheduler, told to the registry with the lease and named
 *                      by the standby's refusals (default {@code http://<this host's address>:<server.port>})
 * @param holderId      this process's identity in the lease (default: the host name and a random suffix, new per
 *                      process, so a restarted scheduler is a new holder)
 */
@Validated
@ConfigurationProperties(prefix = "baton.scheduler.leader")
public record LeaderProperties(
        @DefaultValue(NONE) String election,
        @DefaultValue("scheduler-leader") String leaseName,
        @DefaultValue("1s") @DurationMin(millis = 10) Duration renewInterval,
        @DefaultValue("3s") @DurationMin(millis = 100) Duration leaseTtl,
        URI advertisedUrl,
        String holderId) {

    public static final String NONE = "none";
    public static final String REGISTRY = "registry";

    public LeaderProperties {
        if (!NONE.equals(election) && !REGISTRY.equals(election)) {
            throw new IllegalArgumentException("baton.scheduler.leader.election must be none or registry, not " + election);
        }
        if (leaseTtl != null && renewInterval != null && leaseTtl.compareTo(renewInterval.multipliedBy(2)) < 0) {
            throw new IllegalArgumentException("baton.scheduler.leader.lease-ttl (" + leaseTtl + ") must be at least "
                    + "twice baton.scheduler.leader.renew-interval (" + renewInterval + ")");
        }
    }

    public boolean elected() {
        return REGISTRY.equals(election);
    }
}
