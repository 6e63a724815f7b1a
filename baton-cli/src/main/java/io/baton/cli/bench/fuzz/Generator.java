package io.baton.cli.bench.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The fuzz cases of a seed. Case {@code i} is made from its own random stream, a function of the seed and {@code i}
 * alone, so that it can be made again without the cases before it ({@code bench fuzz --seed S --case I}), and the
 * same seed and target give the same bytes on any machine.
 */
public final class Generator {

    /** A family and how often it is drawn, out of the sum of all weights. */
    record Weighted(String kind, int weight, Family family) {}

    /**
     * Slow senders are a few in a thousand: each holds its connection for the gateway's rate grace (seconds), where
     * every other case is answered in milliseconds.
     */
    static final List<Weighted> FAMILIES = List.of(
            new Weighted("syntax", 100, JsonCases::syntax),
            new Weighted("nesting", 40, JsonCases::nesting),
            new Weighted("duplicate-keys", 40, JsonCases::duplicateKeys),
            new Weighted("encoding", 60, JsonCases::encoding),
            new Weighted("non-finite", 80, ValueCases::nonFinite),
            new Weighted("datatype", 100, ValueCases::datatype),
            new Weighted("shape", 100, ValueCases::shape),
            new Weighted("parameters", 100, ValueCases::parameters),
            new Weighted("tensors", 100, ValueCases::tensors),
            new Weighted("binary", 100, BinaryCases::make),
            new Weighted("headers", 100, WireCases::headers),
            new Weighted("path", 70, WireCases::path),
            new Weighted("method", 40, WireCases::method),
            new Weighted("request-line", 40, WireCases::requestLine),
            new Weighted("slow", 3, WireCases::slow));

    private static final int TOTAL = FAMILIES.stream().mapToInt(Weighted::weight).sum();

    private final FuzzTarget target;
    private final long seed;

    public Generator(FuzzTarget target, long seed) {
        this.target = target;
        this.seed = seed;
    }

    /** Case {@code index} of this seed. */
    public FuzzCase generate(int index) {
        if (index < 0) throw new IllegalArgumentException("a case index is ≥ 0, got " + index);
        Random random = new Random(mix(seed, index));
        int draw = random.nextInt(TOTAL);
        for (Weighted w : FAMILIES) {
            draw -= w.weight();
            if (draw < 0) {
                Made made = w.family().make(random, target);
                return new FuzzCase(seed, index, w.kind(), made.description(), made.bytes(), made.delivery(), made.mayAccept());
            }
        }
        throw new AssertionError("weights add up to " + TOTAL);
    }

    /** The kinds of case, in the order they are drawn. */
    public static List<String> kinds() {
        List<String> kinds = new ArrayList<>();
        for (Weighted w : FAMILIES) kinds.add(w.kind());
        return kinds;
    }

    /** SplitMix64 of the seed and the index: independent streams for neighbouring indexes and seeds. */
    public static long mix(long seed, int index) {
        long z = seed * 0x9E3779B97F4A7C15L + index + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
