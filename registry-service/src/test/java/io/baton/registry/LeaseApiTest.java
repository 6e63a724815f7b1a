package io.baton.registry;

import static io.baton.registry.ApplicationApiTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.support.PostgresHttpTest;

/** Leases over real HTTP against PostgreSQL: acquire, renew, 409, take-over after expiry, release, one winner of a race. */
class LeaseApiTest extends PostgresHttpTest {

    private ResponseEntity<JsonNode> acquire(String name, String holder, long ttlMillis) {
        return put("/internal/v1/leases/" + name, """
                {"holder": "%s", "holderUrl": "http://%s:8082", "ttlMillis": %d}""".formatted(holder, holder, ttlMillis));
    }

    @Test
    void theFirstCallerAcquiresAndRenewsKeepingItsEpoch() {
        ResponseEntity<JsonNode> first = acquire("renew", "a", 30_000);
        assertThat(first.getStatusCode()).as("%s", first.getBody()).isEqualTo(HttpStatus.OK);
        assertThat(first.getBody().get("holder").asText()).isEqualTo("a");
        assertThat(first.getBody().get("holderUrl").asText()).isEqualTo("http://a:8082");
        assertThat(first.getBody().get("epoch").asLong()).isEqualTo(1);
        assertThat(first.getBody().get("expired").asBoolean()).isFalse();

        ResponseEntity<JsonNode> renewed = acquire("renew", "a", 30_000);
        assertThat(renewed.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(renewed.getBody().get("epoch").asLong()).isEqualTo(1);
        assertThat(Instant.parse(renewed.getBody().get("expiresAt").asText()))
                .isAfterOrEqualTo(Instant.parse(first.getBody().get("expiresAt").asText()));
        assertThat(renewed.getBody().get("acquiredAt")).isEqualTo(first.getBody().get("acquiredAt"));

        ResponseEntity<JsonNode> read = get("/internal/v1/leases/renew");
        assertThat(read.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(read.getBody().get("holder").asText()).isEqualTo("a");
    }

    @Test
    void anotherCallerIsRefusedWith409NamingTheHolder() {
        assertThat(acquire("held", "a", 30_000).getStatusCode()).isEqualTo(HttpStatus.OK);
        ResponseEntity<JsonNode> refused = acquire("held", "b", 30_000);
        assertProblem(refused, HttpStatus.CONFLICT, null);
        assertThat(refused.getBody().get("type").asText()).isEqualTo("urn:baton:problem:lease-held");
        assertThat(refused.getBody().get("holder").asText()).isEqualTo("a");
        assertThat(refused.getBody().get("holderUrl").asText()).isEqualTo("http://a:8082");
        assertThat(refused.getBody().get("epoch").asLong()).isEqualTo(1);
        // the refusal changed nothing
        assertThat(get("/internal/v1/leases/held").getBody().get("holder").asText()).isEqualTo("a");
    }

    @Test
    void aLapsedLeaseIsTakenOverWithTheNextEpoch() throws InterruptedException {
        assertThat(acquire("lapse", "a", 100).getStatusCode()).isEqualTo(HttpStatus.OK);
        Instant limit = Instant.now().plus(Duration.ofSeconds(30));
        while (!get("/internal/v1/leases/lapse").getBody().get("expired").asBoolean()) {
            assertThat(Instant.now()).as("the lease lapses").isBefore(limit);
            Thread.sleep(50);
        }
        ResponseEntity<JsonNode> taken = acquire("lapse", "b", 30_000);
        assertThat(taken.getStatusCode()).as("%s", taken.getBody()).isEqualTo(HttpStatus.OK);
        assertThat(taken.getBody().get("holder").asText()).isEqualTo("b");
        assertThat(taken.getBody().get("epoch").asLong()).isEqualTo(2);
        // the old holder, back, finds it taken
        ResponseEntity<JsonNode> late = acquire("lapse", "a", 30_000);
        assertThat(late.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
        assertThat(late.getBody().get("holder").asText()).isEqualTo("b");
    }

    @Test
    void aReleasedLeaseIsFreeAtOnceAndOnlyItsHolderCanReleaseIt() {
        assertThat(acquire("release", "a", 30_000).getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(delete("/internal/v1/leases/release?holder=b").getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
        assertThat(acquire("release", "b", 30_000).getStatusCode()).as("b's release changed nothing")
                .isEqualTo(HttpStatus.CONFLICT);

        assertThat(delete("/internal/v1/leases/release?holder=a").getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
        assertThat(get("/internal/v1/leases/release").getBody().get("expired").asBoolean()).isTrue();
        ResponseEntity<JsonNode> taken = acquire("release", "b", 30_000);
        assertThat(taken.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(taken.getBody().get("epoch").asLong()).as("the epoch survives a release").isEqualTo(2);
    }

    @Test
    void callersRacingForAFreeLeaseHaveExactlyOneWinner() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<HttpStatus>> calls = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String holder = "racer-" + i;
                calls.add(() -> HttpStatus.valueOf(acquire("race", holder, 30_000).getStatusCode().value()));
            }
            List<HttpStatus> answers = new ArrayList<>();
            for (Future<HttpStatus> f : pool.invokeAll(calls)) answers.add(f.get());
            assertThat(answers).containsOnly(HttpStatus.OK, HttpStatus.CONFLICT);
            assertThat(answers.stream().filter(HttpStatus.OK::equals).count()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void badInputIsRefusedNamingTheField() {
        assertProblem(put("/internal/v1/leases/x", "{\"holder\": \"\", \"ttlMillis\": 1000}"), HttpStatus.BAD_REQUEST, "holder");
        assertProblem(put("/internal/v1/leases/x", "{\"holder\": \"a\", \"ttlMillis\": 5}"), HttpStatus.BAD_REQUEST, "ttlMillis");
        assertProblem(put("/internal/v1/leases/x", "{\"holder\": \"a\"}"), HttpStatus.BAD_REQUEST, "ttlMillis");
        assertProblem(put("/internal/v1/leases/Bad_Name", "{\"holder\": \"a\", \"ttlMillis\": 1000}"),
                HttpStatus.BAD_REQUEST, "name");
        assertProblem(get("/internal/v1/leases/never"), HttpStatus.NOT_FOUND, "name");
    }
}
