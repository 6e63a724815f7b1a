package io.baton.cli.bench.faults;

import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.SuiteException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Registry writes made just before a fault and read back after it: small applications (no variants, so nothing serves
 * or profiles them), created through the registry's own API. A write counts as committed when the registry
 * acknowledged it with a 2xx; a committed write the registry no longer has after the restart is lost.
 */
public record RegistryWrites(JsonHttp http, URI registry) {

    /** Creates {@code count} applications named {@code prefix-0} …; answers the names acknowledged with a 2xx. */
    public List<String> commit(String prefix, int count) {
        List<String> committed = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = prefix + "-" + i;
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("name", name);
            body.put("kind", "single");
            body.put("policy", "symphony");
            body.put("sloMs", 100.0);
            try {
                if (http.post(registry.resolve("/v1/applications"), body).ok()) committed.add(name);
            } catch (SuiteException unreachable) {
                // not acknowledged: not committed
            }
        }
        return committed;
    }

    /**
     * The committed names the registry no longer has (404). A registry that answers otherwise (down, 5xx) is asked
     * again until {@code limit}; what it still cannot answer then counts as lost too, since nobody can read it.
     */
    public List<String> lost(List<String> committed, Duration limit) {
        List<String> lost = new ArrayList<>();
        long end = System.nanoTime() + limit.toNanos();
        for (String name : committed) {
            while (true) {
                int status;
                try {
                    status = http.get(registry.resolve("/v1/applications/" + name)).status();
                } catch (SuiteException unreachable) {
                    status = 0;
                }
                if (status == 200) break;
                if (status == 404 || System.nanoTime() > end) {
                    lost.add(name);
                    break;
                }
                sleep();
            }
        }
        return lost;
    }

    private static void sleep() {
        try {
            Thread.sleep(250);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteException("interrupted", e);
        }
    }
}
