package io.baton.core.onnx;

import java.util.ArrayList;
import java.util.List;

/**
 * One small model for each way onnx.proto lets a tensor point at a file outside the model, each built by this
 * package's writer and otherwise ordinary (input {@code x}, output {@code y}). The registry's, the worker's and the
 * profiler's tests feed them to their own doors, and the scanner's tests check each is found where it is.
 */
public final class OutsidePointingModels {

    /**
     * A crafted model.
     *
     * @param way      what it does, for test names
     * @param model    its bytes
     * @param where    where {@link ExternalDataScanner} must say the tensor is
     * @param location the location it names (null when it names none)
     */
    public record Case(String way, byte[] model, String where, String location) {
        @Override
        public String toString() {
            return way;
        }
    }

    private static final long[] SIXTEEN = {16};

    private OutsidePointingModels() {
    }

    /** Every way, each pointing at {@code location} (a file the host has, e.g. {@code /etc/passwd}). */
    public static List<Case> all(String location) {
        ExternalData at = ExternalData.at(location, 0, 64);
        List<Case> cases = new ArrayList<>();

        GraphBuilder g = main();
        g.output(g.externalWeights("w", SIXTEEN, at), "y", Dim.of(16));
        cases.add(new Case("initializer", g.build().toBytes(), "graph 'main' initializer 'w'", location));

        g = main();
        g.output(g.externalWeights("w", SIXTEEN, ExternalData.locationOnly()), "y", Dim.of(16));
        cases.add(new Case("data_location EXTERNAL without entries", g.build().toBytes(), "graph 'main' initializer 'w'", null));

        g = main();
        g.output(g.externalWeights("w", SIXTEEN, ExternalData.entriesOnly(location)), "y", Dim.of(16));
        cases.add(new Case("external_data entries with data_location DEFAULT", g.build().toBytes(),
                "graph 'main' initializer 'w'", location));

        g = main();
        g.output(g.constant(Initializer.external("w", SIXTEEN, at)), "y", Dim.of(16));
        cases.add(new Case("Constant value attribute", g.build().toBytes(), "graph 'main' node 'constant_0' attribute 'value' tensor 'w'", location));

        g = main();
        g.output(g.op("Identity", List.of("x"), Attribute.tensors("extra", Initializer.floats("ok", new long[] {1}, new float[] {1}),
                Initializer.external("w", SIXTEEN, at))), "y", Dim.of(1));
        cases.add(new Case("tensors attribute", g.build().toBytes(), "graph 'main' node 'identity_0' attribute 'extra' tensor 'w'", location));

        g = main();
        g.output(g.op("Constant", List.of(), Attribute.sparseTensor("sparse_value", sparse(at, true))), "y", Dim.of(16));
        cases.add(new Case("Constant sparse_value attribute (values)", g.build().toBytes(),
                "graph 'main' node 'constant_0' attribute 'sparse_value' tensor 'w' values", location));

        g = main();
        g.output(g.op("Identity", List.of("x"), Attribute.sparseTensors("extra", sparse(at, false))), "y", Dim.of(1));
        cases.add(new Case("sparse_tensors attribute (indices)", g.build().toBytes(),
                "graph 'main' node 'identity_0' attribute 'extra' tensor 'i' indices", location));

        g = main();
        g.output(g.sparseWeights(SIXTEEN, Initializer.external("w", new long[] {1}, at), Initializer.int64s("i", new long[] {1}, new long[] {3})),
                "y", Dim.of(16));
        cases.add(new Case("sparse initializer values", g.build().toBytes(), "graph 'main' sparse initializer 'w' values", location));

        g = main();
        g.output(g.sparseWeights(SIXTEEN, Initializer.floats("w", new long[] {1}, new float[] {1}),
                Initializer.externalInt64s("i", new long[] {1}, at)), "y", Dim.of(16));
        cases.add(new Case("sparse initializer indices", g.build().toBytes(), "graph 'main' sparse initializer 'i' indices", location));

        g = main();
        g.output(g.op("If", List.of("x"), Attribute.graph("then_branch", branch("then", at)),
                Attribute.graph("else_branch", branch("else", null))), "y", Dim.of(16));
        cases.add(new Case("If branch initializer", g.build().toBytes(),
                "graph 'main' node 'if_0' attribute 'then_branch' → graph 'then' initializer 'w'", location));

        g = main();
        GraphBuilder body = new GraphBuilder("body");
        body.input("i", Dim.of(1));
        body.input("cond", Dim.of(1));
        body.output(body.constant(Initializer.external("w", SIXTEEN, at)), "v", Dim.of(16));
        g.output(g.op("Loop", List.of("x"), Attribute.graph("body", body.graph())), "y", Dim.of(16));
        cases.add(new Case("Loop body Constant", g.build().toBytes(),
                "graph 'main' node 'loop_0' attribute 'body' → graph 'body' node 'constant_0' attribute 'value' tensor 'w'", location));

        g = main();
        GraphBuilder inner = new GraphBuilder("inner");
        inner.output(inner.op("If", List.of("x"), Attribute.graphs("branches", branch("deep", at))), "v", Dim.of(16));
        g.output(g.op("If", List.of("x"), Attribute.graph("then_branch", inner.graph()),
                Attribute.graph("else_branch", branch("else", null))), "y", Dim.of(16));
        cases.add(new Case("graphs attribute inside a branch", g.build().toBytes(),
                "graph 'main' node 'if_0' attribute 'then_branch' → graph 'inner' node 'if_0' attribute 'branches' → graph 'deep' initializer 'w'",
                location));

        g = main();
        Function f = new Function("leak", "baton.test", List.of("a"), List.of("b"),
                List.of(new Node("c", "Constant", List.of(), List.of("b"),
                        List.of(Attribute.tensor("value", Initializer.external("w", SIXTEEN, at))))));
        g.function(f);
        g.output(g.call(f, "x"), "y", Dim.of(16));
        cases.add(new Case("function node", g.build().toBytes(), "function 'leak' node 'c' attribute 'value' tensor 'w'", location));

        g = main();
        g.trainingGraph(branch("train", at));
        g.output("x", "y", Dim.of(1));
        cases.add(new Case("training_info algorithm", g.build().toBytes(),
                "training_info[0] algorithm → graph 'train' initializer 'w'", location));
        return cases;
    }

    private static GraphBuilder main() {
        GraphBuilder g = new GraphBuilder("main");
        g.input("x", Dim.of(1));
        return g;
    }

    /** A graph of no inputs giving {@code w}: sixteen floats, inline, or from {@code at} when given. */
    private static Graph branch(String name, ExternalData at) {
        GraphBuilder b = new GraphBuilder(name);
        String w = at == null ? b.weights("w", SIXTEEN, new float[16]) : b.externalWeights("w", SIXTEEN, at);
        b.output(w, "v", Dim.of(16));
        return b.graph();
    }

    /** A sparse [16] tensor of one value; its values ({@code valuesOutside}) or its indices point at {@code at}. */
    private static SparseInitializer sparse(ExternalData at, boolean valuesOutside) {
        Initializer values = valuesOutside ? Initializer.external("w", new long[] {1}, at)
                : Initializer.floats("w", new long[] {1}, new float[] {1});
        Initializer indices = valuesOutside ? Initializer.int64s("i", new long[] {1}, new long[] {3})
                : Initializer.externalInt64s("i", new long[] {1}, at);
        return new SparseInitializer(SIXTEEN, values, indices);
    }
}
