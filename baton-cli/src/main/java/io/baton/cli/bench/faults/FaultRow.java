package io.baton.cli.bench.faults;

import io.baton.cli.bench.live.Outcome;
import io.baton.cli.bench.live.SteadyLoad;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One fault's figures: the requests sent over the whole run (before, during and after the fault), how many were
 * served (200), refused with a reason (any other status) and unanswered (no response: a broken connection or the
 * client's timeout), and how many of all these were re-sent through another gateway after their first send got no
 * answer (a connection refused or reset: {@link io.baton.cli.bench.live.Resend}); when goodput was back
 * ({@link Recovery}); how long the restart took (kill to healthy); the
 * registry writes committed before the kill and how many of them were gone after the restart; and the most frequent
 * refusal and failure, to say why.
 */
public record FaultRow(Fault fault, String killed, int sent, int served, int refused, int unanswered, int resent, Recovery recovery,
                       double restartSeconds, int writesCommitted, List<String> writesLost, String topRefusal, String topUnanswered,
                       List<Second> timeline) {

    /** The requests sent in one second, counted from the kill (negative: before it), and what became of them. */
    public record Second(int second, int sent, int served, int refused, int unanswered) {}

    public FaultRow {
        writesLost = List.copyOf(writesLost);
        timeline = List.copyOf(timeline);
    }

    public static FaultRow of(Fault fault, String killed, List<SteadyLoad.Sent> sent, double killAt, double restartSeconds,
                              int writesCommitted, List<String> writesLost) {
        int served = 0, refused = 0, unanswered = 0, resent = 0;
        for (SteadyLoad.Sent s : sent) {
            Outcome o = s.outcome();
            if (o.resent()) resent++;
            if (o.served()) served++;
            else if (o.answered()) refused++;
            else unanswered++;
        }
        return new FaultRow(fault, killed, sent.size(), served, refused, unanswered, resent, Recovery.of(sent, killAt), restartSeconds,
                writesCommitted, writesLost, mostFrequent(sent, o -> o.answered() && !o.served(), o -> o.status() + " " + o.refusal()),
                mostFrequent(sent, o -> !o.answered(), Outcome::refusal), timeline(sent, killAt));
    }

    private static List<Second> timeline(List<SteadyLoad.Sent> sent, double killAt) {
        java.util.TreeMap<Integer, int[]> bySecond = new java.util.TreeMap<>();
        for (SteadyLoad.Sent s : sent) {
            int[] c = bySecond.computeIfAbsent((int) Math.floor(s.atSeconds() - killAt), k -> new int[4]);
            c[0]++;
            c[s.outcome().served() ? 1 : s.outcome().answered() ? 2 : 3]++;
        }
        return bySecond.entrySet().stream().map(e -> new Second(e.getKey(), e.getValue()[0], e.getValue()[1], e.getValue()[2],
                e.getValue()[3])).toList();
    }

    /** The most frequent description among the outcomes {@code which} selects, with its count; null when none. */
    private static String mostFrequent(List<SteadyLoad.Sent> sent, java.util.function.Predicate<Outcome> which,
                                       Function<Outcome, String> describe) {
        Map<String, Long> counts = sent.stream().map(SteadyLoad.Sent::outcome).filter(which)
                .collect(Collectors.groupingBy(o -> String.valueOf(describe.apply(o)), Collectors.counting()));
        return counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(e -> e.getValue() + "× " + e.getKey()).orElse(null);
    }
}
