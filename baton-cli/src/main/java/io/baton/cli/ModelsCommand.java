package io.baton.cli;

import io.baton.cli.models.ModelCache;
import io.baton.cli.models.ModelFetcher;
import io.baton.cli.models.PublishedModel;
import io.baton.cli.models.PublishedModels;
import io.baton.core.plan.InputException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code baton models list} and {@code baton models fetch [--cache DIR] [NAME ...]}: the pinned published models
 * ({@link PublishedModels}), and fetching them (all, or those named) into the model cache ({@link ModelCache}:
 * {@code --cache}, else {@code BATON_MODEL_CACHE}, else {@code ~/.cache/baton/models}), one line per model saying where
 * its checked file lies.
 */
final class ModelsCommand {
    private ModelsCommand() {}

    static void run(List<String> args, PrintStream out, Map<String, String> env) {
        Flags.runSubcommand("models", args, new Flags.Subcommand("list", rest -> list(rest, out)),
                new Flags.Subcommand("fetch", rest -> fetch(rest, out, env)));
    }

    static void list(List<String> args, PrintStream out) {
        Flags.requireKnown(args, 0, Set.of(), Set.of());
        for (PublishedModel m : PublishedModels.all()) {
            out.printf("%-16s %s %s (sha256 %s)%n                 %s%n", m.name(), m.coordinates(), m.path(), m.sha256(), m.description());
        }
    }

    static void fetch(List<String> args, PrintStream out, Map<String, String> env) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--cache")) i++;
            else if (!a.startsWith("--cache=")) names.add(a);
        }
        for (String n : names) {
            if (n.startsWith("-")) throw new InputException("unknown option '" + n + "' (known: --cache)");
        }
        String cacheOption = Baton.option(args, "--cache");
        if (cacheOption != null && cacheOption.isBlank()) throw new InputException("--cache needs a directory");
        Path cache = cacheOption != null ? Path.of(cacheOption).toAbsolutePath().normalize() : ModelCache.directory(env);
        List<PublishedModel> models = new ArrayList<>();
        if (names.isEmpty()) {
            models.addAll(PublishedModels.all());
        } else {
            for (String n : names) {
                try {
                    models.add(PublishedModels.named(n));
                } catch (IllegalArgumentException e) {
                    throw new InputException(e.getMessage());
                }
            }
        }
        Map<String, Path> where = new ModelFetcher(cache).fetchAll(models);
        for (PublishedModel m : models) {
            out.printf("%-16s %s  (%s %s, sha256 %s checked)%n", m.name(), where.get(m.name()), m.coordinates(), m.path(), m.sha256());
        }
    }
}
