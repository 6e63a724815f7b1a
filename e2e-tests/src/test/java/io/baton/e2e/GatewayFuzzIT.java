package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.cli.bench.fuzz.FuzzReport;
import io.baton.cli.bench.fuzz.FuzzRunner;
import io.baton.cli.bench.fuzz.FuzzTarget;
import io.baton.cli.bench.fuzz.Verdict;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.SuiteExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The gateway's inference route under {@code bench fuzz}'s malformed and hostile requests (broken and deeply nested
 * JSON, wrong datatypes and shapes, binary data that does not add up, lying headers, odd paths and methods, slow
 * bodies), each sent over its own connection: every case is answered within its time limit with a 4xx naming the
 * fault (or served, where the change may leave a valid request), never a 5xx; a 503 that sheds load is counted
 * apart and stays rare. Afterwards the gateway is live and serves a valid request with 200.
 */
@ExtendWith(SuiteExtension.class)
class GatewayFuzzIT {
    static final String APP = "fashion-single";
    /** Generous: a slow-sender case is answered after the gateway's rate grace (2 s), every other in milliseconds. */
    static final int CASE_TIMEOUT_MS = 30_000;
    static E2eSuite e2e;
    static FuzzRunner runner;

    @BeforeAll
    static void suite(E2eSuite suite) throws InterruptedException {
        e2e = suite;
        URI gateway = suite.suite().gateway();
        FuzzTarget target = FuzzRunner.target(gateway, APP);
        runner = new FuzzRunner(gateway, target, CASE_TIMEOUT_MS, 4);
        // a cold model may outlast its SLO on the first requests: the valid request is served before the fuzz starts
        assertThat(runner.liveness().ok()).as("the gateway serves %s before the fuzz", APP).isTrue();
    }

    static void assertPassed(FuzzReport report) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        report.print(new PrintStream(printed, true, StandardCharsets.UTF_8), 10);
        String text = printed.toString(StandardCharsets.UTF_8);
        e2e.log().println(text);
        assertThat(report.failures()).as(text).isEmpty();
        assertThat(report.liveness().ok()).as(text).isTrue();
        assertThat(report.count(Verdict.Outcome.REFUSED)).as("most cases are refused, not shed: %s", text)
                .isGreaterThan(report.count() * 8 / 10);
        assertThat(report.count(Verdict.Outcome.SHED)).as("shed load stays rare: %s", text).isLessThanOrEqualTo(report.count() / 50);
    }

    @Test
    void twoThousandCasesOfOneSeedAreEachRefusedNamingTheFault() throws InterruptedException {
        assertPassed(runner.run(1, 2_000, null));
    }

    @Test
    void otherSeedsToo() throws InterruptedException {
        for (long seed : new long[] {20_261_127L, 7L}) assertPassed(runner.run(seed, 500, null));
    }
}
