package io.baton.cli.bench.fuzz;

import java.util.Random;

/** A family of fuzz cases: from one random stream and the target, one case of its kind. */
@FunctionalInterface
interface Family {
    Made make(Random random, FuzzTarget target);
}
