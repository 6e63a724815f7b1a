package io.baton.cli.bench.live;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One minute of a soak: what was sent in it, what became of those requests, and each service's resident memory at
 * its end. Goodput: answers (200) within the SLO per second. Miss rate: late answers plus dropped requests (refused,
 * or no answer at all) over the requests sent, so that a request the serving path sheds counts against it as much as
 * one it answers late.
 *
 * @param minute  1 for the first
 * @param seconds how long a "minute" lasts (60 unless a test shortens it)
 * @param rssKb   VmRSS in KiB by service, in the services' order; a service whose memory could not be read is absent
 */
public record SoakMinute(int minute, double seconds, long sent, long onTime, long late, long refused, long unanswered,
                         Map<String, Long> rssKb) {
    public SoakMinute {
        rssKb = Collections.unmodifiableMap(new LinkedHashMap<>(rssKb));
    }

    public long dropped() {
        return refused + unanswered;
    }

    public double offered() {
        return sent / seconds;
    }

    public double goodput() {
        return onTime / seconds;
    }

    public double missRate() {
        return sent == 0 ? 0 : (double) (late + dropped()) / sent;
    }
}
