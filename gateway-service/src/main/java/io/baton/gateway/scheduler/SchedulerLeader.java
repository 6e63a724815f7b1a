package io.baton.gateway.scheduler;

import java.net.URI;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which of the configured schedulers ({@code baton.gateway.scheduler-url}) the gateway sends to: the one that led at
 * the last answer. It starts at the first; when that one cannot be reached or answers 503 {@code not-leader}, the
 * gateway moves to the leader the standby named, when that is one of the configured schedulers, else to the next in
 * the list. Only configured URLs are ever called: a scheduler's answer cannot send the gateway elsewhere.
 */
public final class SchedulerLeader {

    private static final Logger log = LoggerFactory.getLogger(SchedulerLeader.class);

    private final List<URI> schedulers;
    private volatile int current;

    public SchedulerLeader(List<URI> schedulers) {
        if (schedulers.isEmpty()) throw new IllegalArgumentException("no scheduler configured");
        this.schedulers = schedulers.stream().map(SchedulerLeader::normal).distinct().toList();
    }

    /** The scheduler believed to lead. */
    public URI current() {
        return schedulers.get(current);
    }

    public List<URI> schedulers() {
        return schedulers;
    }

    /**
     * {@code from} did not serve (unreachable, or a standby naming {@code namedLeader}, null when it named none):
     * switch away from it, unless another call already has.
     *
     * @return the scheduler to try next (unchanged when {@code from} was not the current one any more)
     */
    public synchronized URI failedOver(URI from, String namedLeader) {
        URI was = current();
        if (!was.equals(normal(from))) return was;
        int next = -1;
        if (namedLeader != null && !namedLeader.isBlank()) {
            try {
                next = schedulers.indexOf(normal(URI.create(namedLeader.trim())));
            } catch (IllegalArgumentException notAUri) {
                next = -1;
            }
        }
        if (next < 0 || next == current) next = (current + 1) % schedulers.size();
        current = next;
        if (next != schedulers.indexOf(was)) {
            log.info("scheduler {} does not lead; sending to {}{}", was, schedulers.get(next),
                    namedLeader != null ? " (it named " + namedLeader + ")" : "");
        }
        return schedulers.get(next);
    }

    private static URI normal(URI uri) {
        return URI.create(uri.toString().replaceAll("/+$", ""));
    }
}
