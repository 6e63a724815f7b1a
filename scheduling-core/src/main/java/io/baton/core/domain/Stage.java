package io.baton.core.domain;

import java.util.List;

/** One stage of a pipeline application (IPA): the variants that can serve it. */
public record Stage(String name, List<Variant> variants) {
    public Stage {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("stage name must be set");
        variants = List.copyOf(variants);
        if (variants.isEmpty()) throw new IllegalArgumentException("stage " + name + " needs at least one variant");
    }
}
