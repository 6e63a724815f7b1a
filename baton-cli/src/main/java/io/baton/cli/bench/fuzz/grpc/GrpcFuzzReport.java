package io.baton.cli.bench.fuzz.grpc;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a gRPC fuzz run found: how many cases ended each way, the status codes answered, the kinds drawn, every
 * failing case (printable, to be made again with {@code --case}), and whether the gateway still served afterwards.
 */
public record GrpcFuzzReport(long seed, int count, Map<GrpcVerdict.Outcome, Integer> outcomes, Map<String, Integer> codes,
                             Map<String, Integer> kinds, List<Failure> failures, Liveness liveness) {

    /** A case that failed, with what the gateway answered. */
    public record Failure(GrpcFuzzCase fuzzCase, GrpcVerdict verdict) {}

    /** After the run: ServerLive, the health service's Check, and a valid ModelInfer's status. */
    public record Liveness(boolean live, boolean serving, String validCode, String detail) {
        public boolean ok() {
            return live && serving && "OK".equals(validCode);
        }
    }

    static Map<GrpcVerdict.Outcome, Integer> emptyOutcomes() {
        return new EnumMap<>(GrpcVerdict.Outcome.class);
    }

    public int count(GrpcVerdict.Outcome o) {
        return outcomes.getOrDefault(o, 0);
    }

    public int failuresCount() {
        return failures.size();
    }

    /** No case failed and the gateway still serves. */
    public boolean passed() {
        return failures.isEmpty() && liveness.ok();
    }

    /** A summary, then each failure (at most {@code shown} of them in full). */
    public void print(PrintStream out, int shown) {
        out.printf("fuzz (gRPC): seed %d, %d cases: %d refused (a refusal's status naming the fault), %d accepted (valid after all), "
                        + "%d shed (UNAVAILABLE or DEADLINE_EXCEEDED with a reason), %d cancelled by the client, %d streams held open, %d failed%n",
                seed, count, count(GrpcVerdict.Outcome.REFUSED), count(GrpcVerdict.Outcome.ACCEPTED), count(GrpcVerdict.Outcome.SHED),
                count(GrpcVerdict.Outcome.CANCELLED), count(GrpcVerdict.Outcome.HELD_OPEN), failures.size());
        out.println("  statuses: " + codes);
        out.println("  kinds:    " + kinds);
        for (GrpcVerdict.Outcome o : GrpcVerdict.Outcome.values()) {
            if (o.failure() && count(o) > 0) out.printf("  %-18s %d%n", o, count(o));
        }
        out.println("  after the run: ServerLive " + (liveness.live() ? "answers" : "DOES NOT answer") + ", health "
                + (liveness.serving() ? "SERVING" : "NOT SERVING") + ", a valid ModelInfer gets " + liveness.validCode()
                + (liveness.detail() == null ? "" : " (" + liveness.detail() + ")"));
        int n = 0;
        for (Failure f : failures) {
            if (n++ >= shown) {
                out.println("  … " + (failures.size() - shown) + " more failures (see them one by one with --case)");
                break;
            }
            out.println();
            out.println("FAIL " + f.verdict().outcome() + ": " + f.verdict().detail());
            out.println(f.fuzzCase().printable());
        }
        out.println(passed() ? "fuzz: PASS" : "fuzz: FAIL");
    }
}
