package io.baton.cli.bench.live;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The suite's services whose memory a soak follows: each gateway, the scheduler, registry and profiler at their URLs, and
 * each worker the scheduler lists as live at the URL it registered, each with its process on this machine (found by
 * the port it listens on). A service whose process cannot be found, or whose memory cannot be read, is left out of
 * that minute's readings and said why once; one whose process has changed (a restarted worker) is found again by its
 * port and the change noted.
 */
final class SoakServices {
    record Service(String name, URI url) {}

    private final ProcCpu proc;
    private final PrintStream out;
    private final List<Service> services;
    private final Map<String, Long> pids = new LinkedHashMap<>();
    private final Map<String, String> noted = new LinkedHashMap<>();

    SoakServices(ProcCpu proc, List<Service> services, PrintStream out) {
        this.proc = proc;
        this.services = List.copyOf(services);
        this.out = out;
        for (Service s : services) {
            LocalProcess p = LocalProcess.of(proc, s.url());
            if (p.pid() != null) {
                pids.put(s.name(), p.pid());
            } else {
                note(s.name(), "memory of " + s.name() + " (" + s.url() + ") is not measured: " + p.why());
            }
        }
    }

    /**
     * Each gateway (named as {@link Gateways#name} names it), the scheduler, registry and profiler at their URLs, and the
     * workers the scheduler lists as live (none, with a note, when it cannot say).
     */
    static List<Service> of(List<URI> gateways, URI scheduler, URI registry, URI profiler, JsonHttp http, PrintStream out) {
        List<Service> all = new ArrayList<>();
        for (int i = 0; i < gateways.size(); i++) all.add(new Service(Gateways.name(i), gateways.get(i)));
        all.addAll(List.of(new Service("scheduler", scheduler), new Service("registry", registry), new Service("profiler", profiler)));
        try {
            JsonHttp.Response r = http.get(scheduler.resolve("/internal/v1/workers"));
            if (r.status() != 200) {
                out.println("note: the scheduler's worker list answered " + r.status() + " " + r.reason() + ": workers' memory is not measured");
                return all;
            }
            for (JsonNode w : r.json()) {
                if (!"LIVE".equals(w.path("state").asText()) || !w.path("url").isTextual()) continue;
                all.add(new Service(w.path("workerId").asText(), URI.create(w.path("url").asText())));
            }
        } catch (RuntimeException e) {
            out.println("note: the scheduler's worker list could not be read (" + e.getMessage() + "): workers' memory is not measured");
        }
        return all;
    }

    List<String> names() {
        return services.stream().map(Service::name).toList();
    }

    /** The process of each service found, by name. */
    Map<String, Long> pids() {
        return Map.copyOf(pids);
    }

    /** Each service's VmRSS now, in KiB; the unreadable are absent. */
    Map<String, Long> rssKb() {
        Map<String, Long> kb = new LinkedHashMap<>();
        for (Service s : services) {
            Long pid = pids.get(s.name());
            if (pid == null) continue;
            try {
                kb.put(s.name(), proc.rssKb(pid));
            } catch (IOException | RuntimeException e) {
                LocalProcess again = LocalProcess.of(proc, s.url());
                if (again.pid() == null || again.pid().equals(pid)) {
                    pids.remove(s.name());
                    note(s.name(), "memory of " + s.name() + " is no longer measured: its process " + pid + " could not be read (" + e.getMessage()
                            + ")" + (again.pid() == null ? " and " + again.why() : ""));
                    continue;
                }
                pids.put(s.name(), again.pid());
                synchronized (out) {
                    out.println("note: " + s.name() + " now runs as process " + again.pid() + " (was " + pid + "): its memory is read from there");
                }
                try {
                    kb.put(s.name(), proc.rssKb(again.pid()));
                } catch (IOException | RuntimeException e2) {
                    pids.remove(s.name());
                }
            }
        }
        return kb;
    }

    private void note(String service, String line) {
        if (noted.put(service, line) != null) return;
        synchronized (out) {
            out.println("note: " + line);
        }
    }
}
