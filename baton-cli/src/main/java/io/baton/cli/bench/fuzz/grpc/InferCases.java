package io.baton.cli.bench.fuzz.grpc;

import static io.baton.cli.bench.fuzz.grpc.GrpcMessages.MODEL_INFER;
import static io.baton.cli.bench.fuzz.grpc.GrpcMessages.valid;
import static io.baton.cli.bench.fuzz.grpc.GrpcMessages.zeros;

import com.google.protobuf.ByteString;
import io.baton.cli.bench.fuzz.FuzzTarget;
import io.baton.oip.grpc.InferParameter;
import io.baton.oip.grpc.InferTensorContents;
import io.baton.oip.grpc.ModelInferRequest;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * ModelInfer messages that are well-formed protobuf but hostile in content: datatypes, shapes that disagree with the
 * contents, typed and raw contents that do not add up, inputs and outputs missing, unknown or twice, unknown models
 * and versions, parameters of the wrong type or out of range, and messages past the port's largest.
 */
final class InferCases {
    private InferCases() {}

    private static final List<String> OIP = List.of("BOOL", "UINT8", "UINT16", "UINT32", "UINT64", "INT8", "INT16", "INT32",
            "INT64", "FP16", "BF16", "FP32", "FP64", "BYTES");

    static GrpcMade datatype(Random r, GrpcTarget g) {
        FuzzTarget t = g.target();
        FuzzTarget.Input in = t.inputs().get(0);
        ModelInferRequest.Builder m = valid(t, false);
        ModelInferRequest.InferInputTensor.Builder b = m.getInputsBuilder(0);
        switch (r.nextInt(6)) {
            case 0 -> {
                String[] names = {"FLOAT32", "INT128", "", " ", "FP32\u0000", "X".repeat(100_000), "fp32", in.datatype().toLowerCase()};
                String d = names[r.nextInt(names.length)];
                b.setDatatype(d);
                return GrpcMade.refuse("datatype '" + shown(d) + "'", MODEL_INFER, m.build().toByteArray());
            }
            case 1 -> {
                String other = other(r, in.datatype());
                b.setDatatype(other).setContents(zeros(other, in.elements()));
                return GrpcMade.refuse("datatype " + other + " (its typed contents) where the model takes " + in.datatype(),
                        MODEL_INFER, m.build().toByteArray());
            }
            case 2 -> {
                String other = other(r, in.datatype());
                if (GrpcMessages.field(other) == null || GrpcMessages.field(other).equals(GrpcMessages.field(in.datatype()))) other = "INT64";
                if (GrpcMessages.field(in.datatype()) != null && GrpcMessages.field(in.datatype()).equals("int64")) other = "FP64";
                b.setContents(zeros(other, in.elements()));
                return GrpcMade.refuse(in.datatype() + " values in " + other + "'s field", MODEL_INFER, m.build().toByteArray());
            }
            case 3 -> {
                String half = r.nextBoolean() ? "FP16" : "BF16";
                b.setDatatype(half).setContents(zeros("FP32", in.elements()));
                return GrpcMade.refuse(half + " in typed contents (it has no typed field)", MODEL_INFER, m.build().toByteArray());
            }
            case 4 -> {
                int[] values = {128, -129, 300, Integer.MIN_VALUE, Integer.MAX_VALUE};
                String type = r.nextBoolean() ? "INT8" : "INT16";
                int v = values[r.nextInt(values.length)];
                if (type.equals("INT16") && Math.abs((long) v) < 40_000) v = 40_000;
                InferTensorContents.Builder c = zeros("INT8", in.elements()).toBuilder().setIntContents(r.nextInt(in.elements()), v);
                b.setDatatype(type).setContents(c);
                return GrpcMade.refuse(type + " value " + v + " out of its range", MODEL_INFER, m.build().toByteArray());
            }
            default -> {
                b.setContents(b.getContents().toBuilder().addAllInt64Contents(List.of(0L)));
                return GrpcMade.refuse("contents in two typed fields", MODEL_INFER, m.build().toByteArray());
            }
        }
    }

    static GrpcMade shape(Random r, GrpcTarget g) {
        FuzzTarget t = g.target();
        long[] valid = t.inputs().get(0).concreteShape();
        long[] tail = Arrays.copyOfRange(valid, Math.min(1, valid.length), valid.length);
        long[][] shapes = {with(-1, tail), with(-5, tail), with(0, tail), {Long.MAX_VALUE, 2}, {1L << 32, 1L << 32},
                {3037000500L, 3037000500L}, {Long.MIN_VALUE}, {}, ones(64), ones(1 + r.nextInt(20_000)), with(2, tail),
                with(1, valid), {t.inputs().get(0).elements()}, {Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE}};
        long[] s = shapes[r.nextInt(shapes.length)];
        boolean raw = r.nextBoolean();
        ModelInferRequest.Builder m = valid(t, raw);
        ModelInferRequest.InferInputTensor.Builder b = m.getInputsBuilder(0).clearShape();
        for (long d : s) b.addShape(d);
        String shown = s.length > 8 ? "rank " + s.length + " (every dimension 1)" : Arrays.toString(s);
        return GrpcMade.refuse("shape " + shown + " with the contents of " + Arrays.toString(valid)
                + (raw ? " in raw_input_contents" : " typed"), MODEL_INFER, m.build().toByteArray());
    }

    static GrpcMade contents(Random r, GrpcTarget g) {
        FuzzTarget t = g.target();
        FuzzTarget.Input in = t.inputs().get(0);
        ModelInferRequest.Builder typed = valid(t, false), raw = valid(t, true);
        switch (r.nextInt(7)) {
            case 0 -> {
                raw.getInputsBuilder(0).setContents(zeros(in.datatype(), in.elements()));
                return GrpcMade.refuse("typed contents and raw_input_contents both", MODEL_INFER, raw.build().toByteArray());
            }
            case 1 -> {
                int extra = 1 + r.nextInt(3);
                for (int i = 0; i < extra; i++) raw.addRawInputContents(ByteString.copyFrom(new byte[4]));
                return GrpcMade.refuse(extra + " raw_input_contents more than inputs", MODEL_INFER, raw.build().toByteArray());
            }
            case 2 -> {
                raw.addInputs(raw.getInputs(0).toBuilder().setName("extra"));
                return GrpcMade.refuse("two inputs and one raw_input_contents", MODEL_INFER, raw.build().toByteArray());
            }
            case 3 -> {
                int n = GrpcMessages.rawBytes(in);
                int[] sizes = {n - 1, n + 1, 0, 1, n / 2, n * 2, n - 1 - r.nextInt(Math.max(1, n - 1))};
                int size = Math.max(0, sizes[r.nextInt(sizes.length)]);
                raw.setRawInputContents(0, ByteString.copyFrom(new byte[size]));
                return GrpcMade.refuse("raw_input_contents of " + size + " bytes where the shape needs " + n, MODEL_INFER,
                        raw.build().toByteArray());
            }
            case 4 -> {
                typed.getInputsBuilder(0).clearContents();
                return GrpcMade.refuse("an input without contents or raw_input_contents", MODEL_INFER, typed.build().toByteArray());
            }
            case 5 -> {
                boolean longer = r.nextBoolean();
                typed.getInputsBuilder(0).setContents(zeros(in.datatype(), in.elements() + (longer ? 1 : -1)));
                return GrpcMade.refuse("contents one value " + (longer ? "more" : "fewer") + " than the shape holds", MODEL_INFER,
                        typed.build().toByteArray());
            }
            default -> {
                typed.getInputsBuilder(0).clearContents();
                typed.addRawInputContents(ByteString.EMPTY).addRawInputContents(ByteString.EMPTY);
                return GrpcMade.refuse("no contents, two empty raw_input_contents", MODEL_INFER, typed.build().toByteArray());
            }
        }
    }

    static GrpcMade tensors(Random r, GrpcTarget g) {
        FuzzTarget t = g.target();
        ModelInferRequest.Builder m = valid(t, false);
        String first = t.inputs().get(0).name();
        switch (r.nextInt(8)) {
            case 0 -> {
                m.clearInputs();
                return GrpcMade.refuse("no inputs", MODEL_INFER, m.build().toByteArray());
            }
            case 1 -> {
                m.addInputs(m.getInputs(0));
                return GrpcMade.refuse("input '" + first + "' twice", MODEL_INFER, m.build().toByteArray());
            }
            case 2 -> {
                String name = r.nextBoolean() ? "" : "  ";
                m.getInputsBuilder(0).setName(name);
                return GrpcMade.refuse("an input named '" + name + "'", MODEL_INFER, m.build().toByteArray());
            }
            case 3 -> {
                m.getInputsBuilder(0).setName("nope");
                return GrpcMade.refuse("an input the model does not have", MODEL_INFER, m.build().toByteArray());
            }
            case 4 -> {
                m.getInputsBuilder(0).setName("n".repeat(100_000));
                return GrpcMade.refuse("an input name of 100000 characters", MODEL_INFER, m.build().toByteArray());
            }
            case 5 -> {
                int n = 2 + r.nextInt(5_000);
                for (int i = 0; i < n; i++) {
                    m.addInputsBuilder().setName("in" + i).setDatatype("FP32").addShape(1)
                            .setContents(InferTensorContents.newBuilder().addFp32Contents(0));
                }
                return GrpcMade.refuse(n + " inputs the model does not have, beside its own", MODEL_INFER, m.build().toByteArray());
            }
            case 6 -> {
                m.addInputs(m.getInputs(0).toBuilder().setName("extra"));
                return GrpcMade.refuse("an extra input", MODEL_INFER, m.build().toByteArray());
            }
            default -> {
                m.getInputsBuilder(0).putParameters("k" + r.nextInt(100), InferParameter.newBuilder().setStringParam("v".repeat(r.nextInt(10_000))).build());
                return GrpcMade.either("an unknown input parameter", MODEL_INFER, m.build().toByteArray());
            }
        }
    }

    static GrpcMade model(Random r, GrpcTarget g) {
        FuzzTarget t = g.target();
        ModelInferRequest.Builder m = valid(t, false);
        String app = t.app();
        if (r.nextInt(3) == 0) {
            String[] versions = {"nope", "v".repeat(5_000), "../" + app, "%2e%2e", "a/b", "\u0000", " "};
            String v = versions[r.nextInt(versions.length)];
            m.setModelVersion(v);
            return GrpcMade.refuse("version '" + shown(v) + "'", MODEL_INFER, m.build().toByteArray());
        }
        String[] names = {"", "nope", "a".repeat(100_000), "../" + app, app + "/../x", "%2e%2e", app + "\u0000", "\u202e" + app,
                app.toUpperCase() + "X", " " + app, app + "/versions/x", "..", "/", "\\..\\" + app};
        String n = names[r.nextInt(names.length)];
        m.setModelName(n);
        return GrpcMade.refuse("model '" + shown(n) + "'", MODEL_INFER, m.build().toByteArray());
    }

    static GrpcMade parameters(Random r, GrpcTarget g) {
        FuzzTarget t = g.target();
        ModelInferRequest.Builder m = valid(t, false);
        InferParameter[] wrong = {string("soon"), bool(true), real(1.5), whole(-1), uint(-1L), uint(Long.MIN_VALUE), real(Double.NaN),
                string("x".repeat(100_000)), InferParameter.getDefaultInstance()};
        switch (r.nextInt(5)) {
            case 0, 1 -> {
                String key = r.nextBoolean() ? "timeout" : "priority";
                InferParameter p = wrong[r.nextInt(wrong.length - 1)];
                m.putParameters(key, p);
                return GrpcMade.refuse("parameters." + key + " is " + shown(p), MODEL_INFER, m.build().toByteArray());
            }
            case 2 -> {
                // past the gateway's largest timeout: refused naming the limit
                long v = new long[] {Long.MAX_VALUE, 1L << 40, 3_600_000_000_000L}[r.nextInt(3)];
                m.putParameters("timeout", whole(v));
                return GrpcMade.refuse("parameters.timeout is " + v + " µs", MODEL_INFER, m.build().toByteArray());
            }
            case 3 -> {
                // a priority level far below the lowest is the lowest: served
                long v = new long[] {Long.MAX_VALUE, 1_000_000, 6}[r.nextInt(3)];
                m.putParameters("priority", whole(v));
                return GrpcMade.either("parameters.priority is " + v, MODEL_INFER, m.build().toByteArray());
            }
            default -> {
                int n = 1 + r.nextInt(2_000);
                for (int i = 0; i < n; i++) m.putParameters("k" + i, i % 2 == 0 ? string("v".repeat(r.nextInt(200))) : whole(i));
                if (r.nextBoolean()) m.putParameters("huge", string("h".repeat(200_000)));
                return GrpcMade.either(n + " unknown request parameters", MODEL_INFER, m.build().toByteArray());
            }
        }
    }

    static GrpcMade outputs(Random r, GrpcTarget g) {
        FuzzTarget t = g.target();
        ModelInferRequest.Builder m = valid(t, false);
        String out = t.outputs().isEmpty() ? "output" : t.outputs().get(0);
        switch (r.nextInt(8)) {
            case 0 -> {
                m.addOutputsBuilder().setName("nope");
                return GrpcMade.refuse("an output the model does not have", MODEL_INFER, m.build().toByteArray());
            }
            case 1 -> {
                m.addOutputsBuilder().setName(r.nextBoolean() ? "" : " ");
                return GrpcMade.refuse("an output without a name", MODEL_INFER, m.build().toByteArray());
            }
            case 2 -> {
                m.addOutputsBuilder().setName(out);
                m.addOutputsBuilder().setName(out);
                return GrpcMade.refuse("output '" + out + "' twice", MODEL_INFER, m.build().toByteArray());
            }
            case 3 -> {
                int n = 2 + r.nextInt(5_000);
                for (int i = 0; i < n; i++) m.addOutputsBuilder().setName("o" + i);
                return GrpcMade.refuse(n + " outputs the model does not have", MODEL_INFER, m.build().toByteArray());
            }
            case 4 -> {
                m.addOutputsBuilder().setName("nope").putParameters("classification", whole(2));
                return GrpcMade.refuse("classification on an output the model does not have", MODEL_INFER, m.build().toByteArray());
            }
            case 5 -> {
                InferParameter[] bad = {whole(0), whole(-1), uint(-1L), whole(1L << 40), string("3"), bool(true), real(2.0)};
                InferParameter p = bad[r.nextInt(bad.length)];
                String key = r.nextBoolean() ? "classification" : "class_count";
                m.addOutputsBuilder().setName(out).putParameters(key, p);
                return GrpcMade.refuse("output parameters." + key + " is " + shown(p), MODEL_INFER, m.build().toByteArray());
            }
            case 6 -> {
                m.addOutputsBuilder().setName(out).putParameters("classification", whole(2)).putParameters("class_count", whole(3));
                return GrpcMade.refuse("classification 2 and class_count 3", MODEL_INFER, m.build().toByteArray());
            }
            default -> {
                long k = new long[] {1, 3, 1_000_000, Integer.MAX_VALUE}[r.nextInt(4)];
                m.addOutputsBuilder().setName(out).putParameters("class_count", whole(k));
                return GrpcMade.either("class_count " + k + " on output '" + out + "'", MODEL_INFER, m.build().toByteArray());
            }
        }
    }

    /** A message past the port's largest: refused RESOURCE_EXHAUSTED before it is read. */
    static GrpcMade oversized(Random r, GrpcTarget g) {
        ModelInferRequest.Builder m = valid(g.target(), true);
        int size = (int) Math.min(Integer.MAX_VALUE - 1024, g.maxMessageBytes() + 1 + r.nextInt(1024));
        m.setRawInputContents(0, ByteString.copyFrom(new byte[size]));
        return GrpcMade.refuse("a message past the port's largest (" + g.maxMessageBytes() + " bytes)", MODEL_INFER,
                m.build().toByteArray());
    }

    static GrpcMade empty(Random r, GrpcTarget g) {
        return GrpcMade.refuse("an empty ModelInferRequest", MODEL_INFER, new byte[0]);
    }

    private static long[] with(long first, long[] tail) {
        long[] s = new long[tail.length + 1];
        s[0] = first;
        System.arraycopy(tail, 0, s, 1, tail.length);
        return s;
    }

    private static long[] ones(int n) {
        long[] s = new long[n];
        Arrays.fill(s, 1);
        return s;
    }

    private static String other(Random r, String datatype) {
        String d;
        do d = OIP.get(r.nextInt(OIP.size())); while (d.equals(datatype));
        return d;
    }

    static String shown(String s) {
        String e = s.replace("\u0000", "\\0").replace("\u202e", "\\u202e");
        return e.length() > 40 ? e.substring(0, 20) + "… (" + s.length() + " characters)" : e;
    }

    static String shown(InferParameter p) {
        return switch (p.getParameterChoiceCase()) {
            case STRING_PARAM -> "string '" + shown(p.getStringParam()) + "'";
            case UINT64_PARAM -> "uint64 " + Long.toUnsignedString(p.getUint64Param());
            case PARAMETERCHOICE_NOT_SET -> "a parameter with no value";
            case BOOL_PARAM -> "bool " + p.getBoolParam();
            case INT64_PARAM -> "int64 " + p.getInt64Param();
            case DOUBLE_PARAM -> "double " + p.getDoubleParam();
        };
    }

    static InferParameter string(String v) {
        return InferParameter.newBuilder().setStringParam(v).build();
    }

    static InferParameter bool(boolean v) {
        return InferParameter.newBuilder().setBoolParam(v).build();
    }

    static InferParameter real(double v) {
        return InferParameter.newBuilder().setDoubleParam(v).build();
    }

    static InferParameter whole(long v) {
        return InferParameter.newBuilder().setInt64Param(v).build();
    }

    static InferParameter uint(long v) {
        return InferParameter.newBuilder().setUint64Param(v).build();
    }
}
