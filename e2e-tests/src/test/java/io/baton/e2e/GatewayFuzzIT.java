package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.cli.bench.fuzz.FuzzReport;
import io.baton.cli.bench.fuzz.FuzzRunner;
import io.baton.cli.bench.fuzz.FuzzTarget;
import io.baton.cli.bench.fuzz.Verdict;
import io.baton.cli.bench.fuzz.grpc.GrpcFuzzReport;
import io.baton.cli.bench.fuzz.grpc.GrpcFuzzRunner;
import io.baton.cli.bench.fuzz.grpc.GrpcVerdict;
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
 * apart and stays rare. Afterwards the gateway is live and serves a valid request with 200. The same over the gateway's
 * gRPC port ({@code bench fuzz --protocol grpc}): hostile ModelInfer contents, bytes that are no protobuf, unknown
 * methods, odd names and metadata, cancelled, silent and slow calls, streams; each answered with a refusal's status
 * naming the fault, never INTERNAL, UNKNOWN, a stack trace or a hang; then ServerLive, health and a valid ModelInfer.
 */
@ExtendWith(SuiteExtension.class)
class GatewayFuzzIT {
    static final String APP = "fashion-single";
    /** Generous: a slow-sender case is answered after the gateway's rate grace (2 s), every other in milliseconds. */
    static final int CASE_TIMEOUT_MS = 30_000;
    /**
     * A slow gRPC caller is answered at the gateway's receive timeout (30 s); a silent stream outlives it (its idle
     * timeout is 5 minutes) and is counted as held open once its request was answered.
     */
    static final int GRPC_CASE_TIMEOUT_MS = 45_000;
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

    @Test
    void threeHundredGrpcCasesAreEachRefusedNamingTheFault() throws InterruptedException {
        int port = e2e.suite().gatewayGrpcPort();
        GrpcFuzzRunner grpc = new GrpcFuzzRunner("127.0.0.1", port, GrpcFuzzRunner.target("127.0.0.1", port, APP, 64L << 20),
                GRPC_CASE_TIMEOUT_MS, 4);
        GrpcFuzzReport report = grpc.run(1, 300, null);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        report.print(new PrintStream(printed, true, StandardCharsets.UTF_8), 10);
        String text = printed.toString(StandardCharsets.UTF_8);
        e2e.log().println(text);
        assertThat(report.failures()).as(text).isEmpty();
        assertThat(report.liveness().ok()).as(text).isTrue();
        assertThat(report.count(GrpcVerdict.Outcome.REFUSED)).as("most cases are refused, not shed: %s", text)
                .isGreaterThan(report.count() * 7 / 10);
    }
}
