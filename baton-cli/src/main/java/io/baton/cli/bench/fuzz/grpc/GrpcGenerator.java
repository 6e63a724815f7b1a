package io.baton.cli.bench.fuzz.grpc;

import io.baton.cli.bench.fuzz.Generator;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The gRPC fuzz cases of a seed. Case {@code i} is made from its own random stream, a function of the seed and
 * {@code i} alone ({@link Generator#mix}), so {@code --case I} makes it again, and the same seed and target give the
 * same bytes on any machine.
 */
public final class GrpcGenerator {

    /** A family of cases: from one random stream and the target, one case of its kind. */
    @FunctionalInterface
    interface Family {
        GrpcMade make(Random random, GrpcTarget target);
    }

    record Weighted(String kind, int weight, Family family) {}

    /**
     * Slow callers are a few in a thousand: each holds its call for the gateway's receive deadline (seconds), where
     * every other case is answered in milliseconds; oversized messages are as rare, each one is the port's largest.
     */
    static final List<Weighted> FAMILIES = List.of(
            new Weighted("datatype", 100, InferCases::datatype),
            new Weighted("shape", 100, InferCases::shape),
            new Weighted("contents", 100, InferCases::contents),
            new Weighted("tensors", 80, InferCases::tensors),
            new Weighted("model", 60, InferCases::model),
            new Weighted("parameters", 80, InferCases::parameters),
            new Weighted("outputs", 80, InferCases::outputs),
            new Weighted("empty", 10, InferCases::empty),
            new Weighted("oversized", 4, InferCases::oversized),
            new Weighted("protobuf", 100, CallCases::protobuf),
            new Weighted("method", 60, CallCases::method),
            new Weighted("other-rpcs", 60, CallCases::otherRpcs),
            new Weighted("metadata", 50, CallCases::metadata),
            new Weighted("stream", 50, CallCases::stream),
            new Weighted("cancel", 20, CallCases::cancel),
            new Weighted("slow", 4, CallCases::slow));

    private static final int TOTAL = FAMILIES.stream().mapToInt(Weighted::weight).sum();

    private final GrpcTarget target;
    private final long seed;

    public GrpcGenerator(GrpcTarget target, long seed) {
        this.target = target;
        this.seed = seed;
    }

    /** Case {@code index} of this seed. */
    public GrpcFuzzCase generate(int index) {
        if (index < 0) throw new IllegalArgumentException("a case index is ≥ 0, got " + index);
        // apart from the REST cases of the same seed and index
        Random random = new Random(Generator.mix(seed ^ 0x67525043L, index));
        int draw = random.nextInt(TOTAL);
        for (Weighted w : FAMILIES) {
            draw -= w.weight();
            if (draw < 0) {
                GrpcMade m = w.family().make(random, target);
                return new GrpcFuzzCase(seed, index, w.kind(), m.description(), m.method(), m.messages(), m.metadata(), m.delivery(),
                        m.mayAccept(), m.slow(), m.refused());
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
}
