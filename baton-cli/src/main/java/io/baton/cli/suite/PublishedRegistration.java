package io.baton.cli.suite;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.models.ModelFetchException;
import io.baton.cli.models.ModelFetcher;
import io.baton.cli.models.PublishedModel;
import io.baton.core.plan.InputException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Registers {@link PublishedApplications} with registry-service: fetches each pinned model (from the cache when it
 * is there), uploads it as an artifact, and creates its application and its one variant with the declared inputs and
 * largest batch and its inputValues. Idempotent like {@link ZooRegistration}: what exists already (409) is kept.
 */
public record PublishedRegistration(JsonHttp http, URI registry, ModelFetcher fetcher, PrintStream log) {
    /** Registers {@code app}; answers its model file (for a direct run or an example). */
    public Path register(PublishedApplications.App app) {
        PublishedModel m = app.pinned();
        Path file = fetcher.fetch(m);
        String digest = upload(file, m);
        JsonHttp.Response created = http.post(registry.resolve("/v1/applications"), PublishedApplications.applicationBody(app));
        if (created.status() == 409) {
            JsonNode existing = http.get(registry.resolve("/v1/applications/" + app.name())).json();
            if (!"single".equals(existing.path("kind").asText())) {
                throw new SuiteException("application " + app.name() + " exists in the registry as a " + existing.path("kind").asText()
                        + " application, not single; delete it or use another registry");
            }
        } else if (!created.ok()) {
            throw ZooRegistration.refused(created, "creating application " + app.name());
        }
        JsonHttp.Response variant = http.post(registry.resolve("/v1/applications/" + app.name() + "/variants"),
                PublishedApplications.variantBody(m, app.variant(), digest));
        if (variant.status() != 409 && !variant.ok()) throw ZooRegistration.refused(variant, "creating variant " + app.name() + "/" + app.variant());
        log.printf("  registered %-17s single   policy %-15s %s (%s, %s)%n", app.name(), app.policy(), app.variant(), m.coordinates(), m.fileName());
        return file;
    }

    private String upload(Path file, PublishedModel m) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new SuiteException("cannot read " + file + ": " + e.getMessage(), e);
        }
        JsonHttp.Response r = http.postBytes(registry.resolve("/v1/artifacts?type=onnx"), bytes);
        if (!r.ok()) throw ZooRegistration.refused(r, "uploading " + m.fileName() + " of " + m.coordinates());
        return r.json().path("digest").asText();
    }

    /**
     * What {@code bin/baton up} does: registers each application, then profiles those registered (at powers of two up
     * to the variant's largest batch; one point for a variant that does not batch), so that the first requests are
     * planned with measured latencies. A model that
     * cannot be fetched (no network) or that the suite refuses or cannot profile is left out with a one-line note, and
     * the rest go on; answers the applications registered.
     */
    public List<PublishedApplications.App> registerAndProfile(List<PublishedApplications.App> apps, Profiling profiling, Duration limit) {
        List<PublishedApplications.App> registered = new ArrayList<>();
        for (PublishedApplications.App app : apps) {
            try {
                register(app);
                registered.add(app);
            } catch (ModelFetchException | SuiteException e) {
                log.println("  note: " + app.name() + " is not registered: " + InputException.oneLine(e.getMessage()));
            }
        }
        for (PublishedApplications.App app : registered) {
            try {
                profiling.profileMissing(List.of(app.name()),
                        new Profiling.Options(PublishedApplications.profiledBatchSizes(app.pinned()), null, null), limit);
            } catch (SuiteException e) {
                log.println("  note: " + app.name() + " is not profiled: " + InputException.oneLine(e.getMessage()));
            }
        }
        return registered;
    }
}
