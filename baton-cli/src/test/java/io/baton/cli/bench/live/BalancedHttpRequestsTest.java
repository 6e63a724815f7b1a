package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The bench's client-side balancer over real loopback connections: round-robin over the gateways; a request whose
 * connection was refused or reset before any answer is sent once more through the next gateway and says so; a
 * request that got an answer (any status, even cut short) or ran out its own deadline is never sent again.
 */
class BalancedHttpRequestsTest {
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    static BalancedHttpRequests balancer(Duration timeout, URI... gateways) {
        KeepAliveHttp client = HttpRequests.client();
        List<HttpRequests> each = new ArrayList<>();
        for (URI g : gateways) each.add(new HttpRequests(client, g, "input", new float[] {0.5f, 0.25f}, new int[] {2}, 1, timeout));
        return new BalancedHttpRequests(client, each, timeout);
    }

    /** Sends {@code n} requests one after the other; answers their outcomes in order. */
    static List<Outcome> send(BalancedHttpRequests requests, int n) {
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            CompletableFuture<Outcome> o = new CompletableFuture<>();
            requests.send(i, o::complete).join();
            outcomes.add(o.join());
        }
        return outcomes;
    }

    @Test
    void sendsRoundRobinOverEveryGateway() throws IOException {
        try (FakeGateway a = FakeGateway.answering(200); FakeGateway b = FakeGateway.answering(200)) {
            List<Outcome> outcomes = send(balancer(TIMEOUT, a.inferUrl(), b.inferUrl()), 6);

            assertThat(outcomes).allMatch(Outcome::served).noneMatch(Outcome::resent);
            assertThat(a.requests()).isEqualTo(3);
            assertThat(b.requests()).isEqualTo(3);
        }
    }

    @Test
    void reSendsARequestWhoseGatewayRefusedTheConnectionThroughTheNext() throws IOException {
        try (FakeGateway live = FakeGateway.answering(200)) {
            List<Outcome> outcomes = send(balancer(TIMEOUT, FakeGateway.refusing(), live.inferUrl()), 4);

            assertThat(outcomes).allMatch(Outcome::served);
            assertThat(outcomes).extracting(Outcome::resent).containsExactly(true, false, true, false);
            assertThat(live.requests()).isEqualTo(4);
        }
    }

    @Test
    void reSendsARequestWhoseConnectionWasResetBeforeAnyAnswer() throws IOException {
        try (FakeGateway dying = FakeGateway.behaving(FakeGateway.Behaviour.RESET_BEFORE_ANSWER); FakeGateway live = FakeGateway.answering(200)) {
            List<Outcome> outcomes = send(balancer(TIMEOUT, dying.inferUrl(), live.inferUrl()), 2);

            assertThat(outcomes).allMatch(Outcome::served);
            assertThat(outcomes).extracting(Outcome::resent).containsExactly(true, false);
            assertThat(dying.requests()).isEqualTo(1);
            assertThat(live.requests()).isEqualTo(2);
        }
    }

    @Test
    void neverReSendsARequestThatGotAnAnswerEvenARefusal() throws IOException {
        try (FakeGateway refusing = FakeGateway.answering(503); FakeGateway live = FakeGateway.answering(200)) {
            List<Outcome> outcomes = send(balancer(TIMEOUT, refusing.inferUrl(), live.inferUrl()), 2);

            assertThat(outcomes).extracting(Outcome::status).containsExactly(503, 200);
            assertThat(outcomes.get(0).refusal()).isEqualTo("refused here");
            assertThat(outcomes).noneMatch(Outcome::resent);
            assertThat(live.requests()).as("only the request sent to it first").isEqualTo(1);
        }
    }

    @Test
    void neverReSendsARequestWhoseAnswerWasCutShort() throws IOException {
        try (FakeGateway cut = FakeGateway.behaving(FakeGateway.Behaviour.CLOSE_MID_ANSWER); FakeGateway live = FakeGateway.answering(200)) {
            List<Outcome> outcomes = send(balancer(TIMEOUT, cut.inferUrl(), live.inferUrl()), 2);

            assertThat(outcomes.get(0).answered()).as("its answer began, then the connection closed").isFalse();
            assertThat(outcomes).noneMatch(Outcome::resent);
            assertThat(live.requests()).isEqualTo(1);
        }
    }

    @Test
    void neverReSendsARequestThatRanOutItsOwnDeadline() throws IOException {
        try (FakeGateway silent = FakeGateway.behaving(FakeGateway.Behaviour.SILENT); FakeGateway live = FakeGateway.answering(200)) {
            List<Outcome> outcomes = send(balancer(Duration.ofMillis(300), silent.inferUrl(), live.inferUrl()), 2);

            assertThat(outcomes.get(0).answered()).isFalse();
            assertThat(outcomes.get(0).refusal()).contains("HttpTimeoutException");
            assertThat(outcomes).noneMatch(Outcome::resent);
            assertThat(live.requests()).isEqualTo(1);
        }
    }

    @Test
    void sendsOnceMoreAtMostAndWithOneGatewayNotAtAll() throws IOException {
        try (FakeGateway a = FakeGateway.behaving(FakeGateway.Behaviour.RESET_BEFORE_ANSWER);
             FakeGateway b = FakeGateway.behaving(FakeGateway.Behaviour.RESET_BEFORE_ANSWER)) {
            List<Outcome> bothDown = send(balancer(TIMEOUT, a.inferUrl(), b.inferUrl()), 2);
            assertThat(bothDown).noneMatch(Outcome::answered).allMatch(Outcome::resent);
            assertThat(a.requests() + b.requests()).as("each request sent twice, no more").isEqualTo(4);
        }
        List<Outcome> refused = send(balancer(TIMEOUT, FakeGateway.refusing(), FakeGateway.refusing()), 1);
        assertThat(refused.get(0).refusal()).contains("ConnectException");

        List<Outcome> alone = send(balancer(TIMEOUT, FakeGateway.refusing()), 1);
        assertThat(alone).noneMatch(Outcome::answered).noneMatch(Outcome::resent);
    }
}
