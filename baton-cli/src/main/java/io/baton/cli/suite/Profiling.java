package io.baton.cli.suite;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Profiles, through profiler-service, every variant of the given applications that has no CPU profile in the
 * registry yet (so a second {@code bin/baton up} measures nothing again), one job per variant, and waits for all of
 * them, printing a line as each ends. A job that fails stops the run with its error.
 */
public record Profiling(JsonHttp http, URI registry, URI profiler, PrintStream log) {
    /** The device kind and execution provider the profiler writes by default, and the workers run. */
    public static final String DEVICE_KIND = "cpu", PROVIDER = "cpu";

    /** Job options; null leaves the profiler's own default (batch sizes 1 … 64, 20 repetitions, 3 warm-up runs). */
    public record Options(List<Integer> batchSizes, Integer repetitions, Integer warmup) {
        public static Options defaults() {
            return new Options(null, null, null);
        }
    }

    /** The variants of {@code app} without a cpu/cpu profile. */
    public List<String> unprofiled(String app) {
        JsonHttp.Response r = http.get(registry.resolve("/v1/applications/" + app));
        if (r.status() != 200) throw ZooRegistration.refused(r, "reading application " + app);
        List<String> missing = new ArrayList<>();
        for (JsonNode v : r.json().path("variants")) {
            if (!hasCpuProfile(v)) missing.add(v.path("name").asText());
        }
        return missing;
    }

    static boolean hasCpuProfile(JsonNode variant) {
        for (JsonNode p : variant.path("profiles")) {
            if (DEVICE_KIND.equals(p.path("deviceKind").asText()) && PROVIDER.equals(p.path("executionProvider").asText())) return true;
        }
        return false;
    }

    /** Profiles what is missing; answers the number of variants profiled. */
    public int profileMissing(List<String> applications, Options options, Duration limit) {
        Map<String, String> jobs = new LinkedHashMap<>(); // job id -> "app/variant"
        for (String app : applications) {
            for (String variant : unprofiled(app)) jobs.put(submit(app, variant, options), app + "/" + variant);
        }
        if (jobs.isEmpty()) {
            log.println("  every variant is profiled already");
            return 0;
        }
        log.printf("  profiling %d variants (one job each, measured one after another)%n", jobs.size());
        long t0 = System.nanoTime(), end = t0 + limit.toNanos();
        int done = 0, total = jobs.size();
        while (!jobs.isEmpty()) {
            for (var it = jobs.entrySet().iterator(); it.hasNext(); ) {
                var job = it.next();
                JsonHttp.Response r = http.get(profiler.resolve("/v1/profiling-jobs/" + job.getKey()));
                if (r.status() != 200) throw new SuiteException("the profiler lost job " + job.getKey() + " (" + job.getValue() + "): " + r.status() + " " + r.reason());
                String state = r.json().path("state").asText();
                switch (state) {
                    case "succeeded" -> {
                        it.remove();
                        done++;
                        log.printf(Locale.ROOT, "  [%2d/%d] profiled %-42s ℓ(1) %s%n", done, total, job.getValue(), latencyAtOne(r.json()));
                    }
                    case "failed", "cancelled" -> throw new SuiteException("profiling " + job.getValue() + " " + state + ": "
                            + r.json().path("error").asText("(no error given)"));
                    default -> { /* queued or running */ }
                }
            }
            if (jobs.isEmpty()) break;
            if (System.nanoTime() > end) {
                throw new SuiteException("profiling did not finish within " + limit.toSeconds() + " s: " + jobs.values() + " still pending");
            }
            ServiceProcess.sleep(250);
        }
        log.printf(Locale.ROOT, "  profiled %d variants in %.1f s%n", total, (System.nanoTime() - t0) / 1e9);
        return total;
    }

    private static String latencyAtOne(JsonNode job) {
        for (JsonNode p : job.path("results").path(0).path("profile").path("latency")) {
            if (p.path("batchSize").asInt() == 1) return String.format(Locale.ROOT, "%.3f ms", p.path("p50Ms").asDouble());
        }
        return "-";
    }

    private String submit(String app, String variant, Options options) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("application", app);
        body.put("variant", variant);
        if (options.batchSizes() != null) body.put("batchSizes", options.batchSizes());
        if (options.repetitions() != null) body.put("repetitions", options.repetitions());
        if (options.warmup() != null) body.put("warmup", options.warmup());
        JsonHttp.Response r = http.post(profiler.resolve("/v1/profiling-jobs"), body);
        // 202: a new job; 200 or 201: the job already queued or running for the variant (the profiler starts one by
        // itself when a variant is registered), which is as good.
        if (r.status() != 202 && r.status() != 200 && r.status() != 201) {
            throw new SuiteException("the profiler refused a job for " + app + "/" + variant + ": " + r.status() + " " + r.reason());
        }
        return r.json().path("id").asText();
    }
}
