package io.baton.cli.bench.fuzz.grpc;

import com.google.protobuf.ByteString;
import io.baton.cli.bench.fuzz.FuzzTarget;
import io.baton.oip.grpc.InferTensorContents;
import io.baton.oip.grpc.ModelInferRequest;
import java.util.Set;

/**
 * The methods a case calls and the valid request every ModelInfer case changes: each input of the target at its shape
 * (free dimensions 1), every value zero, typed {@code contents} (or {@code raw_input_contents} for all inputs, where
 * one is FP16 or BF16, which have no typed field, or where asked).
 */
public final class GrpcMessages {
    public static final String SERVICE = "inference.GRPCInferenceService";
    public static final String MODEL_INFER = SERVICE + "/ModelInfer";
    public static final String MODEL_STREAM_INFER = SERVICE + "/ModelStreamInfer";
    static final String MODEL_METADATA = SERVICE + "/ModelMetadata";
    static final String MODEL_READY = SERVICE + "/ModelReady";
    static final String SERVER_LIVE = SERVICE + "/ServerLive";
    static final String SERVER_METADATA = SERVICE + "/ServerMetadata";
    static final String REPOSITORY_INDEX = SERVICE + "/RepositoryIndex";
    static final String HEALTH_CHECK = "grpc.health.v1.Health/Check";

    /** The methods the gateway serves: any other is answered UNIMPLEMENTED. */
    static final Set<String> SERVED = Set.of(MODEL_INFER, MODEL_STREAM_INFER, MODEL_METADATA, MODEL_READY, SERVER_LIVE,
            SERVER_METADATA, REPOSITORY_INDEX, SERVICE + "/ServerReady", HEALTH_CHECK, "grpc.health.v1.Health/Watch");

    private GrpcMessages() {}

    /** The valid request: typed contents unless an input's datatype has no typed field. */
    public static ModelInferRequest.Builder valid(FuzzTarget t) {
        boolean raw = t.inputs().stream().anyMatch(in -> field(in.datatype()) == null);
        return valid(t, raw);
    }

    /** The valid request with every input's zeros typed, or all as raw bytes. */
    static ModelInferRequest.Builder valid(FuzzTarget t, boolean raw) {
        ModelInferRequest.Builder r = ModelInferRequest.newBuilder().setModelName(t.app()).setId("fuzz");
        for (FuzzTarget.Input in : t.inputs()) {
            ModelInferRequest.InferInputTensor.Builder b = r.addInputsBuilder().setName(in.name()).setDatatype(in.datatype());
            for (long d : in.concreteShape()) b.addShape(d);
            if (raw) {
                r.addRawInputContents(ByteString.copyFrom(new byte[rawBytes(in)]));
            } else {
                b.setContents(zeros(in.datatype(), in.elements()));
            }
        }
        return r;
    }

    /** Bytes of an input's zeros as raw contents: BYTES elements are empty strings, each a 4-byte length. */
    static int rawBytes(FuzzTarget.Input in) {
        return (in.width() > 0 ? in.width() : 4) * in.elements();
    }

    /** {@code n} zeros in the typed field of the datatype (FP32's for a datatype without one). */
    static InferTensorContents zeros(String datatype, int n) {
        InferTensorContents.Builder c = InferTensorContents.newBuilder();
        String f = field(datatype);
        for (int i = 0; i < n; i++) {
            switch (f == null ? "fp32" : f) {
                case "bool" -> c.addBoolContents(false);
                case "int" -> c.addIntContents(0);
                case "int64" -> c.addInt64Contents(0);
                case "uint" -> c.addUintContents(0);
                case "uint64" -> c.addUint64Contents(0);
                case "fp64" -> c.addFp64Contents(0);
                case "bytes" -> c.addBytesContents(ByteString.EMPTY);
                default -> c.addFp32Contents(0);
            }
        }
        return c.build();
    }

    /** The typed field a datatype's values go in; null for FP16, BF16 and names that are no datatype. */
    static String field(String datatype) {
        return switch (datatype) {
            case "BOOL" -> "bool";
            case "INT8", "INT16", "INT32" -> "int";
            case "INT64" -> "int64";
            case "UINT8", "UINT16", "UINT32" -> "uint";
            case "UINT64" -> "uint64";
            case "FP32" -> "fp32";
            case "FP64" -> "fp64";
            case "BYTES" -> "bytes";
            default -> null;
        };
    }
}
