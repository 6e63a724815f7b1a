package io.baton.cli.bench.fuzz;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a fuzz run found: how many cases ended each way, the statuses answered, every failing case (printable, to
 * be made again with {@code --case}), and whether the gateway still served afterwards.
 */
public record FuzzReport(long seed, int count, Map<Verdict.Outcome, Integer> outcomes, Map<Integer, Integer> statuses,
                         Map<String, Integer> kinds, Map<String, Integer> shedReasons, List<Failure> failures,
                         Liveness liveness) {

    /** A case that failed, with what the gateway answered. */
    public record Failure(FuzzCase fuzzCase, Verdict verdict) {}

    /** After the run: the gateway's {@code /v2/health/live}, and a valid request's status. */
    public record Liveness(boolean live, int validStatus, String detail) {
        public boolean ok() {
            return live && validStatus == 200;
        }
    }

    public int failuresCount() {
        return failures.size();
    }

    public int count(Verdict.Outcome o) {
        return outcomes.getOrDefault(o, 0);
    }

    /** No case failed and the gateway still serves. */
    public boolean passed() {
        return failures.isEmpty() && liveness.ok();
    }

    static Map<Verdict.Outcome, Integer> emptyOutcomes() {
        return new EnumMap<>(Verdict.Outcome.class);
    }

    static Map<Integer, Integer> emptyStatuses() {
        return new TreeMap<>();
    }

    /** A summary, then each failure (at most {@code shown} of them in full). */
    public void print(PrintStream out, int shown) {
        out.printf("fuzz: seed %d, %d cases: %d refused (4xx with a reason), %d accepted (valid after all), %d shed (503/504 with a reason), "
                + "%d failed%n", seed, count, count(Verdict.Outcome.REFUSED), count(Verdict.Outcome.ACCEPTED), count(Verdict.Outcome.SHED),
                failures.size());
        out.println("  statuses: " + statuses);
        out.println("  kinds:    " + kinds);
        shedReasons.forEach((reason, n) -> out.printf("  shed %5d × %s%n", n, reason));
        for (Verdict.Outcome o : Verdict.Outcome.values()) {
            if (o.failure() && count(o) > 0) out.printf("  %-18s %d%n", o, count(o));
        }
        out.println("  after the run: /v2/health/live " + (liveness.live() ? "answers" : "DOES NOT answer") + ", a valid request gets "
                + (liveness.validStatus() == 0 ? "no answer" : String.valueOf(liveness.validStatus()))
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
