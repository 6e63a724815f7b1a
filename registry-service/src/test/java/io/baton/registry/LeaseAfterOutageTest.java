package io.baton.registry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import io.baton.registry.lease.LeaseStore;
import io.baton.registry.support.PostgresHttpTest;

/**
 * A lease that lapsed while the registry could not answer, against real PostgreSQL. A second {@link LeaseStore} on the
 * same database is a registry that has just started: its holder renews first, and another caller may take the lease
 * only one time-to-live later.
 */
class LeaseAfterOutageTest extends PostgresHttpTest {

    @Autowired
    private JdbcTemplate jdbc;

    @Autowired
    private LeaseStore running;

    @Test
    void afterARestartTheHolderOfALeaseThatLapsedMeanwhileRenewsItAndKeepsItsEpoch() throws InterruptedException {
        assertThat(running.acquire("outage-renew", "a", "http://a:8082", 100).held()).isTrue();
        Thread.sleep(300); // the lease lapses while no registry could answer "a"

        LeaseStore restarted = new LeaseStore(jdbc);
        LeaseStore.Outcome standby = restarted.acquire("outage-renew", "b", "http://b:8082", 2_000);
        assertThat(standby.held()).as("the standby asked first, within a time-to-live of the restart").isFalse();
        assertThat(standby.lease().holder()).isEqualTo("a");

        LeaseStore.Outcome renewed = restarted.acquire("outage-renew", "a", "http://a:8082", 2_000);
        assertThat(renewed.held()).isTrue();
        assertThat(renewed.lease().epoch()).as("a renewal, not a new term").isEqualTo(1);
        assertThat(restarted.acquire("outage-renew", "b", "http://b:8082", 2_000).held()).isFalse();
    }

    @Test
    void aHolderThatDoesNotComeBackLosesTheLeaseOneTimeToLiveAfterTheRestart() throws InterruptedException {
        assertThat(running.acquire("outage-gone", "a", "http://a:8082", 100).held()).isTrue();
        Thread.sleep(300);

        LeaseStore restarted = new LeaseStore(jdbc);
        assertThat(restarted.acquire("outage-gone", "b", "http://b:8082", 500).held()).isFalse();
        Thread.sleep(700);
        LeaseStore.Outcome taken = restarted.acquire("outage-gone", "b", "http://b:8082", 500);
        assertThat(taken.held()).isTrue();
        assertThat(taken.lease().holder()).isEqualTo("b");
        assertThat(taken.lease().epoch()).isEqualTo(2);
    }

    @Test
    void aLeaseThatLapsesWhileTheRegistryAnswersIsFreeAtOnce() throws InterruptedException {
        LeaseStore restarted = new LeaseStore(jdbc);
        assertThat(restarted.acquire("outage-none", "a", "http://a:8082", 100).held()).isTrue();
        Thread.sleep(300); // lapses after this registry began to answer: "a" could have renewed and did not
        LeaseStore.Outcome taken = restarted.acquire("outage-none", "b", "http://b:8082", 30_000);
        assertThat(taken.held()).isTrue();
        assertThat(taken.lease().epoch()).isEqualTo(2);
    }
}
