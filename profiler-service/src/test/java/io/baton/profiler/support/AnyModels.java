package io.baton.profiler.support;

import java.util.List;

import io.baton.core.onnx.Attribute;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;

/**
 * Small models of the shapes real published models have, built with scheduling-core's ONNX writer: a recurrent
 * voice-activity detector's signature, an OCR classifier's free height and width, and one input per datatype.
 */
public final class AnyModels {

    /** onnx.TensorProto.DataType values. */
    public static final int FLOAT = 1, UINT8 = 2, INT8 = 3, UINT16 = 4, INT16 = 5, INT32 = 6, INT64 = 7, STRING = 8,
            BOOL = 9, FLOAT16 = 10, DOUBLE = 11, UINT32 = 12, UINT64 = 13, BFLOAT16 = 16;

    private AnyModels() {
    }

    /**
     * Silero VAD's signature: {@code input} FP32 [-1, -1] (audio), {@code state} FP32 [2, -1, 128] (its batch axis
     * is not the first), {@code sr} INT64 [] (the sample rate); {@code output} FP32 [-1, 1] = mean of the audio
     * times the rate, {@code stateN} FP32 [2, -1, 128] = the state times the rate. Its scalar input means it does
     * not batch (maxBatchSize 0).
     */
    public static byte[] vadLike() {
        GraphBuilder g = new GraphBuilder("vad-like");
        String audio = g.input("input", FLOAT, Dim.symbolic("N"), Dim.symbolic("T"));
        String state = g.input("state", FLOAT, Dim.of(2), Dim.symbolic("N"), Dim.of(128));
        String sr = g.input("sr", INT64);
        String rate = g.op("Cast", List.of(sr), Attribute.of("to", (long) FLOAT));
        String mean = g.op("ReduceMean", List.of(audio), Attribute.ints("axes", 1), Attribute.of("keepdims", 1L));
        g.output(g.mul(mean, rate), "output", Dim.symbolic("N"), Dim.of(1));
        g.output(g.mul(state, rate), "stateN", Dim.of(2), Dim.symbolic("N"), Dim.of(128));
        return g.build().toBytes();
    }

    /**
     * Silero VAD's signature with its control flow's dependence on the sample rate: {@code output} FP32 [-1, 1] = the
     * mean of the audio times {@code rates[sr - 16000]}, a one-element table, so {@code sr} 16000 runs and any other
     * rate fails in Gather (an index out of bounds), as Silero fails on a rate it does not know.
     */
    public static byte[] vadReadingTheRate() {
        GraphBuilder g = new GraphBuilder("vad-reading-the-rate");
        String audio = g.input("input", FLOAT, Dim.symbolic("N"), Dim.symbolic("T"));
        String state = g.input("state", FLOAT, Dim.of(2), Dim.symbolic("N"), Dim.of(128));
        String sr = g.input("sr", INT64);
        String index = g.sub(sr, g.int64s("sixteen_k", new long[0], new long[] {16_000}));
        String known = g.op("Gather", List.of(g.weights("rates", new long[] {1}, new float[] {1f}), index));
        String mean = g.op("ReduceMean", List.of(audio), Attribute.ints("axes", 1), Attribute.of("keepdims", 1L));
        g.output(g.mul(mean, known), "output", Dim.symbolic("N"), Dim.of(1));
        g.output(g.op("Identity", List.of(state)), "stateN", Dim.of(2), Dim.symbolic("N"), Dim.of(128));
        return g.build().toBytes();
    }

    /**
     * PaddleOCR's direction classifier's signature: {@code x} FP32 [-1, 3, -1, -1] (free batch, height and width),
     * {@code scores} FP32 [-1, 3] (the mean of each channel).
     */
    public static byte[] ocrLike() {
        GraphBuilder g = new GraphBuilder("ocr-like");
        String x = g.input("x", FLOAT, Dim.BATCH, Dim.of(3), Dim.symbolic("H"), Dim.symbolic("W"));
        g.output(g.flatten(g.globalAveragePool(x), 1), "scores", Dim.BATCH, Dim.of(3));
        return g.build().toBytes();
    }

    /** One input per datatype the profiler feeds, each [-1, 3] and passed through to an output of the same type. */
    public static byte[] everyDatatype() {
        GraphBuilder g = new GraphBuilder("every-datatype");
        for (int type : new int[] {BOOL, UINT8, INT8, INT16, INT32, INT64, FLOAT16, BFLOAT16, FLOAT, DOUBLE, STRING}) {
            String in = g.input("in" + type, type, Dim.BATCH, Dim.of(3));
            g.output(g.op("Identity", List.of(in)), "out" + type, type, Dim.BATCH, Dim.of(3));
        }
        return g.build().toBytes();
    }

    /**
     * The unsigned integers ONNX Runtime's public Java API makes no tensors of: {@code u16} UINT16, {@code u32}
     * UINT32 and {@code u64} UINT64, each [-1, 3] and passed through to an output of the same type.
     */
    public static byte[] unsigned() {
        GraphBuilder g = new GraphBuilder("unsigned");
        for (int type : new int[] {UINT16, UINT32, UINT64}) {
            String name = type == UINT16 ? "16" : type == UINT32 ? "32" : "64";
            String in = g.input("u" + name, type, Dim.BATCH, Dim.of(3));
            g.output(g.op("Identity", List.of(in)), "v" + name, type, Dim.BATCH, Dim.of(3));
        }
        return g.build().toBytes();
    }
}
