package io.baton.scheduler.leader;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.security.InternalCredentials;

/**
 * {@link LeaderElection} round by round against a registry stand-in that keeps leases by the registry's rules: who
 * leads after each answer, and what a listener hears.
 */
class LeaderElectionTest {

    private static final String LEASE = "scheduler-leader";
    private final LeaseRegistryStub registry = new LeaseRegistryStub();

    LeaderElectionTest() throws java.io.IOException {
    }

    @AfterEach
    void close() {
        registry.close();
    }

    private LeaderElection election(URI registryUrl, String self) {
        LeaderProperties settings = new LeaderProperties(LeaderProperties.REGISTRY, LEASE, Duration.ofMillis(100),
                Duration.ofSeconds(3), null, self);
        return new LeaderElection(settings, new LeaseClient(registryUrl, InternalCredentials.none(),
                Duration.ofSeconds(2), new ObjectMapper()), self, "http://" + self + ":8082", Clock.systemUTC());
    }

    @Test
    void theFirstToAskLeadsAndTheOtherStandsByNamingIt() {
        LeaderElection a = election(registry.url(), "a");
        LeaderElection b = election(registry.url(), "b");
        List<LeaderState> heardByB = new CopyOnWriteArrayList<>();
        b.listen(heardByB::add);
        assertThat(a.leading()).as("nobody leads before the first answer").isFalse();

        a.renew();
        b.renew();
        assertThat(a.leading()).isTrue();
        assertThat(a.state().epoch()).isEqualTo(1);
        assertThat(b.leading()).isFalse();
        assertThat(b.state().leader()).isEqualTo("a");
        assertThat(b.state().leaderUrl()).isEqualTo("http://a:8082");
        assertThat(heardByB).hasSize(1);

        a.renew(); // a renewal changes nothing
        assertThat(a.leading()).isTrue();
        assertThat(a.state().epoch()).isEqualTo(1);
    }

    @Test
    void theLeaderStepsDownAtOnceWhenTheRegistryNamesAnotherHolder() {
        LeaderElection a = election(registry.url(), "a");
        List<LeaderState> heard = new CopyOnWriteArrayList<>();
        a.listen(heard::add);
        a.renew();
        assertThat(a.leading()).isTrue();

        registry.assign(LEASE, "b", "http://b:8082", 30_000); // b took it while a's renewals were lost
        a.renew();
        assertThat(a.leading()).isFalse();
        assertThat(a.state().leaderUrl()).isEqualTo("http://b:8082");
        assertThat(a.state().epoch()).isEqualTo(2);
        assertThat(heard).extracting(LeaderState::leading).containsExactly(true, false);
    }

    @Test
    void whileTheRegistryFailsTheLeaderKeepsLeadingAndTheStandbyStandsBy() {
        LeaderElection a = election(registry.url(), "a");
        LeaderElection b = election(registry.url(), "b");
        a.renew();
        b.renew();

        registry.failing = true;
        for (int i = 0; i < 3; i++) {
            a.renew();
            b.renew();
        }
        assertThat(a.leading()).isTrue();
        assertThat(a.state().registryReachable()).isFalse();
        assertThat(b.leading()).isFalse();
        assertThat(b.state().leaderUrl()).isEqualTo("http://a:8082");

        registry.failing = false;
        a.renew();
        assertThat(a.leading()).isTrue();
        assertThat(a.state().registryReachable()).isTrue();
    }

    @Test
    void aRegistryThatDoesNotAnswerAtAllChangesNothing() throws Exception {
        URI nowhere;
        try (ServerSocket s = new ServerSocket(0)) {
            nowhere = URI.create("http://127.0.0.1:" + s.getLocalPort());
        }
        LeaderElection lone = election(nowhere, "a");
        lone.renew();
        assertThat(lone.leading()).as("a standby cannot take a lease nobody answers for").isFalse();
        assertThat(lone.state().registryReachable()).isFalse();
    }

    @Test
    void aLapsedLeaseIsTakenByTheStandbyAndAReleaseFreesItAtOnce() {
        LeaderElection a = election(registry.url(), "a");
        LeaderElection b = election(registry.url(), "b");
        a.renew();
        b.renew();
        assertThat(b.leading()).isFalse();

        // a is lost (no more renewals): once its lease has lapsed, b's next round takes it
        LeaseRegistryStub.Row held = registry.leases.get(LEASE);
        registry.leases.put(LEASE, new LeaseRegistryStub.Row(held.holder(), held.holderUrl(), held.epoch(),
                System.currentTimeMillis() - 1));
        b.renew();
        assertThat(b.leading()).isTrue();
        assertThat(b.state().epoch()).isEqualTo(2);

        b.release();
        assertThat(b.leading()).isFalse();
        assertThat(registry.releases.get()).isEqualTo(1);
        a.renew();
        assertThat(a.leading()).as("the release lets a in without waiting for the ttl").isTrue();
        assertThat(a.state().epoch()).isEqualTo(3);
    }

    @Test
    void withoutElectionTheSchedulerAlwaysLeads() {
        LeaderProperties settings = new LeaderProperties(LeaderProperties.NONE, LEASE, Duration.ofSeconds(1),
                Duration.ofSeconds(3), null, "solo");
        LeaderElection solo = new LeaderElection(settings, null, "solo", "http://solo:8082", Clock.systemUTC());
        solo.renew();
        solo.start();
        assertThat(solo.leading()).isTrue();
        assertThat(solo.isRunning()).isFalse();
    }
}
