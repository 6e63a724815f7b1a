package io.baton.gateway.grpc;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.protobuf.ByteString;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.gateway.GatewayException;
import io.baton.gateway.oip.OipRequest;
import io.baton.gateway.oip.OipRequestReader;
import io.baton.oip.grpc.InferParameter;
import io.baton.oip.grpc.ModelInferRequest;

/**
 * A {@link ModelInferRequest} read into the {@link OipRequest} the REST route reads from JSON, so that both go through
 * the same validation and serving. Each input carries its values either typed ({@code contents}) or as bytes
 * ({@code raw_input_contents}, one entry per input, in order, for all inputs or none), which a tensor views without a
 * copy. Messages name what is wrong as the REST route's do.
 */
final class GrpcRequests {

    private static final String DATATYPES = Arrays.toString(Datatype.values());

    private GrpcRequests() {
    }

    static OipRequest read(ModelInferRequest request) {
        Map<String, InferParameter> parameters = request.getParametersMap();
        Long timeout = wholeParameter(parameters, "timeout", "microseconds");
        Long priority = wholeParameter(parameters, "priority", "a priority level; 1 is the highest, 0 the default");
        if (request.getInputsCount() == 0) {
            throw GatewayException.badRequest("inputs must be a non-empty array of tensors");
        }
        int raw = request.getRawInputContentsCount();
        if (raw != 0 && raw != request.getInputsCount()) {
            throw GatewayException.badRequest("raw_input_contents has " + raw + " entries but the request has "
                    + request.getInputsCount() + " inputs; give one per input, in order, or none");
        }
        List<Tensor> inputs = new ArrayList<>(request.getInputsCount());
        for (int i = 0; i < request.getInputsCount(); i++) {
            inputs.add(input(i, request.getInputs(i), raw == 0 ? null : request.getRawInputContents(i)));
        }
        String id = request.getId().isEmpty() ? null : request.getId();
        return new OipRequest(id, inputs, outputs(request.getOutputsList()), true, timeout, priority);
    }

    private static Tensor input(int i, ModelInferRequest.InferInputTensor in, ByteString raw) {
        if (in.getName().isBlank()) {
            throw new TensorException("inputs[" + i + "]", in.getName().isEmpty() ? "name is missing" : "name is blank");
        }
        String label = "input '" + in.getName() + "'";
        Datatype type = datatype(label, in.getDatatype());
        long[] shape = shape(label, in.getShapeList());
        if (raw != null) {
            if (in.hasContents()) {
                throw new TensorException(label, "has both contents and raw_input_contents; give one");
            }
            // copied once out of the message: a tensor keeps a heap buffer it reads through the backing array
            return OipRequestReader.bytesTensor(label, "raw_input_contents", in.getName(), type, shape,
                    ByteBuffer.wrap(raw.toByteArray()));
        }
        if (!in.hasContents()) {
            throw new TensorException(label, "has no data (give contents, or raw_input_contents for every input)");
        }
        return TypedContents.decode(label, in.getName(), type, shape, in.getContents());
    }

    private static Datatype datatype(String label, String name) {
        if (name.isBlank()) {
            throw new TensorException(label, "datatype is missing (one of " + DATATYPES + ")");
        }
        Datatype d = Datatype.named(name);
        if (d == null) {
            throw new TensorException(label, "datatype '" + name + "' is not an OIP datatype (one of " + DATATYPES
                    + ")");
        }
        return d;
    }

    private static long[] shape(String label, List<Long> shape) {
        long[] dims = new long[shape.size()];
        for (int k = 0; k < dims.length; k++) {
            if (shape.get(k) < 0) {
                throw new TensorException(label, "shape " + shape + " has " + shape.get(k) + " in dimension " + k
                        + "; dimensions are whole numbers ≥ 0");
            }
            dims[k] = shape.get(k);
        }
        try {
            if (Tensor.elements(dims) > Integer.MAX_VALUE / 8) {
                throw new TensorException(label, "shape " + shape + " is too large");
            }
        } catch (ArithmeticException e) {
            throw new TensorException(label, "shape " + shape + " is too large");
        }
        return dims;
    }

    private static List<OipRequest.OutputRequest> outputs(List<ModelInferRequest.InferRequestedOutputTensor> outputs) {
        if (outputs.isEmpty()) {
            return null;
        }
        List<OipRequest.OutputRequest> list = new ArrayList<>(outputs.size());
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < outputs.size(); i++) {
            ModelInferRequest.InferRequestedOutputTensor o = outputs.get(i);
            if (o.getName().isBlank()) {
                throw new TensorException("outputs[" + i + "]", o.getName().isEmpty() ? "name is missing"
                        : "name is blank");
            }
            String label = "output '" + o.getName() + "'";
            if (!seen.add(o.getName())) {
                throw new TensorException(label, "is asked for twice");
            }
            // outputs always travel in raw_output_contents, as Triton answers over gRPC: binary_data has no say
            list.add(new OipRequest.OutputRequest(o.getName(), true, classCount(label, o.getParametersMap())));
        }
        return list;
    }

    /** The classification extension's K: {@code classification} (what Triton's clients send) or {@code class_count}. */
    private static Integer classCount(String label, Map<String, InferParameter> parameters) {
        Integer k = null;
        for (String key : List.of("classification", "class_count")) {
            InferParameter p = parameters.get(key);
            if (p == null || p.getParameterChoiceCase() == InferParameter.ParameterChoiceCase.PARAMETERCHOICE_NOT_SET) {
                continue;
            }
            Long v = whole(p);
            if (v == null || v < 1 || v > Integer.MAX_VALUE) {
                throw new TensorException(label, "parameters." + key + " must be a whole number ≥ 1 (how many "
                        + "top classes to answer), not " + text(p));
            }
            if (k != null && k != v.intValue()) {
                throw new TensorException(label, "parameters.classification is " + k + " but parameters.class_count "
                        + "is " + v + "; give one");
            }
            k = v.intValue();
        }
        return k;
    }

    private static Long wholeParameter(Map<String, InferParameter> parameters, String name, String meaning) {
        InferParameter p = parameters.get(name);
        if (p == null || p.getParameterChoiceCase() == InferParameter.ParameterChoiceCase.PARAMETERCHOICE_NOT_SET) {
            return null;
        }
        Long v = whole(p);
        if (v == null || v < 0) {
            throw GatewayException.badRequest("parameters." + name + " must be a whole number ≥ 0 (" + meaning
                    + "), not " + text(p));
        }
        return v;
    }

    /** An int64 or uint64 parameter's value; null for any other kind. A uint64 past Long.MAX_VALUE reads negative. */
    private static Long whole(InferParameter p) {
        return switch (p.getParameterChoiceCase()) {
            case INT64_PARAM -> p.getInt64Param();
            case UINT64_PARAM -> p.getUint64Param();
            default -> null;
        };
    }

    /** A parameter's value as messages show it. */
    static String text(InferParameter p) {
        return switch (p.getParameterChoiceCase()) {
            case BOOL_PARAM -> String.valueOf(p.getBoolParam());
            case INT64_PARAM -> String.valueOf(p.getInt64Param());
            case UINT64_PARAM -> Long.toUnsignedString(p.getUint64Param());
            case DOUBLE_PARAM -> String.valueOf(p.getDoubleParam());
            case STRING_PARAM -> "\"" + p.getStringParam() + "\"";
            case PARAMETERCHOICE_NOT_SET -> "null";
        };
    }
}
