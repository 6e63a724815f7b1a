package io.baton.core.onnx;

import java.util.List;

/**
 * Small, valid models whose cost per request the request's own input decides: the shapes of hostility that a
 * serving suite must bound by time and memory, since no check of the model file alone can tell them from honest ones.
 * Each takes {@code x} [N, 1] (FP32) and answers {@code y} [N, 1] = x + (something computed n = max(x) times or at
 * size n), so that they run through the same batch, profile and OIP paths as any classifier.
 */
public final class InputDrivenCostModels {

    private static final int TO_INT64 = 7;

    private InputDrivenCostModels() {
    }

    /**
     * A {@code Loop} whose trip count is {@code max(x)}: y = x + sum(x) + max(x). One iteration is a scalar add, so the
     * run takes time in proportion to the input (about 0.5 s at 10^6 on one core; days at 10^12) and no memory.
     */
    public static OnnxModel loop() {
        return loop(0);
    }

    /** The same loop with {@code offset} more trips: max(x) + offset, so that inputs in [0, 1) still loop long. */
    public static OnnxModel loop(float offset) {
        GraphBuilder g = new GraphBuilder("input-driven-loop");
        String x = g.input("x", Dim.BATCH, Dim.of(1));
        String trips = g.op("Cast", List.of(plus(g, g.op("ReduceMax", List.of(x), Attribute.of("keepdims", 0L)), offset)),
                Attribute.of("to", (long) TO_INT64));
        String start = g.op("ReduceSum", List.of(x), Attribute.of("keepdims", 0L));
        // "" for the optional loop condition: the trip count alone decides
        String end = g.op("Loop", List.of(trips, "", start), Attribute.graph("body", countingBody()));
        g.output(g.add(x, end), "y", Dim.BATCH, Dim.of(1));
        return g.build();
    }

    private static String plus(GraphBuilder g, String value, float offset) {
        return offset == 0 ? value : g.add(value, g.weights("offset", new long[0], new float[] {offset}));
    }

    /**
     * A {@code Loop} of max(x) trips that keeps 4 kB per trip (a scan output of 1024 floats each trip, summed at the
     * end): y = x + 1024·(0 + 1 + … + (trips − 1)). Its memory grows step by step with the input (400 MB at 10^5).
     */
    public static OnnxModel accumulatingLoop() {
        GraphBuilder g = new GraphBuilder("input-driven-accumulating-loop");
        String x = g.input("x", Dim.BATCH, Dim.of(1));
        String trips = g.op("Cast", List.of(g.op("ReduceMax", List.of(x), Attribute.of("keepdims", 0L))),
                Attribute.of("to", (long) TO_INT64));
        String scan = g.op("Loop", List.of(trips, ""), Attribute.graph("body", keepingBody()));
        g.output(g.add(x, g.op("ReduceSum", List.of(scan), Attribute.of("keepdims", 0L))), "y", Dim.BATCH, Dim.of(1));
        return g.build();
    }

    /** Loop body (iteration, condition) -> (condition, [1024] filled with the iteration number) as a scan output. */
    private static Graph keepingBody() {
        List<Node> nodes = List.of(
                new Node("keep_going", "Identity", List.of("cond_in"), List.of("cond_out"), List.of()),
                new Node("as_float", "Cast", List.of("iteration"), List.of("i"), List.of(Attribute.of("to", 1L))),
                new Node("fill", "Add", List.of("zeros", "i"), List.of("row"), List.of()));
        return new Graph("keep-body", nodes,
                List.of(Initializer.floats("zeros", new long[] {1024}, new float[1024])), List.of(),
                List.of(new ValueInfo("iteration", List.of(), ValueInfo.INT64),
                        new ValueInfo("cond_in", List.of(), ValueInfo.BOOL)),
                List.of(new ValueInfo("cond_out", List.of(), ValueInfo.BOOL), new ValueInfo("row", List.of(Dim.of(1024)))));
    }

    /** Loop body (iteration, condition, s) -> (condition, s + 1). */
    private static Graph countingBody() {
        List<Node> nodes = List.of(
                new Node("keep_going", "Identity", List.of("cond_in"), List.of("cond_out"), List.of()),
                new Node("count", "Add", List.of("s_in", "one"), List.of("s_out"), List.of()));
        return new Graph("count-body", nodes, List.of(Initializer.floats("one", new long[0], new float[] {1f})), List.of(),
                List.of(new ValueInfo("iteration", List.of(), ValueInfo.INT64),
                        new ValueInfo("cond_in", List.of(), ValueInfo.BOOL),
                        new ValueInfo("s_in", List.of())),
                List.of(new ValueInfo("cond_out", List.of(), ValueInfo.BOOL), new ValueInfo("s_out", List.of())));
    }

    /**
     * An {@code Expand} of a scalar to [n, n] with n = max(x), summed: y = x + n². The run allocates 4·n² bytes at
     * once (400 MB at n = 10^4, 3.6 GB at 3·10^4) and gives a scalar back.
     */
    public static OnnxModel expand() {
        return expand(0);
    }

    /** The same expansion to n = max(x) + {@code offset}: a side of {@code offset} for inputs in [0, 1). */
    public static OnnxModel expand(float offset) {
        GraphBuilder g = new GraphBuilder("input-driven-expand");
        String x = g.input("x", Dim.BATCH, Dim.of(1));
        String n = g.reshape(g.op("Cast", List.of(plus(g, g.op("ReduceMax", List.of(x), Attribute.of("keepdims", 0L)), offset)),
                Attribute.of("to", (long) TO_INT64)), 1);
        String square = g.op("Concat", List.of(n, n), Attribute.of("axis", 0L));
        String big = g.op("Expand", List.of(g.weights("one", new long[0], new float[] {1f}), square));
        String total = g.op("ReduceSum", List.of(big), Attribute.of("keepdims", 0L));
        g.output(g.add(x, total), "y", Dim.BATCH, Dim.of(1));
        return g.build();
    }
}
