package io.baton.registry.tensor;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.baton.registry.web.ApiException;

/**
 * Checks that tensor specs a client declares fit what a model (or an application) really takes. Failures are 422
 * problems naming the offending field, e.g. {@code inputs[0].shape}.
 */
public final class TensorSpecs {

    private TensorSpecs() {
    }

    /**
     * Declared specs against the model's own signature, matched by name: same set of names, same datatype, same rank,
     * and every dimension the model fixes declared with that size (a dimension the model leaves free, -1, may be
     * declared as anything, for example a fixed batch size).
     */
    public static void requireMatchesModel(String field, List<TensorSpec> declared, List<TensorSpec> model) {
        Map<String, TensorSpec> byName = model.stream().collect(Collectors.toMap(TensorSpec::name, Function.identity()));
        if (declared.size() != model.size()) {
            throw ApiException.unprocessable(field, field + " declares " + declared.size() + " tensors but the model has "
                    + model.size() + " " + names(model));
        }
        for (int i = 0; i < declared.size(); i++) {
            TensorSpec d = declared.get(i);
            String at = field + "[" + i + "]";
            TensorSpec m = byName.get(d.name());
            if (m == null) {
                throw ApiException.unprocessable(at + ".name", "the model has no tensor '" + d.name() + "' in " + field
                        + " (it has " + names(model) + ")");
            }
            if (!m.datatype().equals(d.datatype())) {
                throw ApiException.unprocessable(at + ".datatype", d.name() + " is " + m.datatype() + " in the model, not "
                        + d.datatype());
            }
            if (m.rank() != d.rank()) {
                throw ApiException.unprocessable(at + ".shape", d.name() + " has shape " + m.shape() + " in the model, not "
                        + d.shape());
            }
            for (int k = 0; k < m.rank(); k++) {
                long md = m.shape().get(k);
                if (md >= 0 && md != d.shape().get(k)) {
                    throw ApiException.unprocessable(at + ".shape", d.name() + " has shape " + m.shape()
                            + " in the model, not " + d.shape() + " (dimension " + k + ")");
                }
            }
        }
    }

    /**
     * A variant's tensors against its application's, by position (names are the model's own business): same count,
     * datatype and rank, and equal sizes wherever both fix a dimension.
     */
    public static void requireCompatible(String field, List<TensorSpec> variant, List<TensorSpec> application,
                                         String applicationName) {
        if (application.isEmpty()) return;
        if (variant.size() != application.size()) {
            throw ApiException.unprocessable(field, "application " + applicationName + " has " + application.size() + " "
                    + field + " but the model has " + variant.size());
        }
        for (int i = 0; i < variant.size(); i++) {
            TensorSpec v = variant.get(i);
            TensorSpec a = application.get(i);
            String at = field + "[" + i + "]";
            boolean shapesFit = v.rank() == a.rank();
            for (int k = 0; shapesFit && k < v.rank(); k++) {
                long vd = v.shape().get(k), ad = a.shape().get(k);
                shapesFit = vd < 0 || ad < 0 || vd == ad;
            }
            if (!v.datatype().equals(a.datatype()) || !shapesFit) {
                throw ApiException.unprocessable(at, "the model's " + v.name() + " " + v.datatype() + v.shape()
                        + " does not fit application " + applicationName + "'s " + a.name() + " " + a.datatype() + a.shape());
            }
        }
    }

    /**
     * Every tensor of a model has an Open Inference Protocol datatype, so that a request can carry it: a model
     * tensor of another ONNX element type (recorded at upload as {@code ONNX:<type>}, e.g. {@code ONNX:COMPLEX64})
     * or a non-tensor value ({@code SEQUENCE}, {@code MAP}, {@code OPTIONAL}) is refused with a 422 naming it. Such
     * an output is refused too, not skipped: the worker returns every output the variant declares.
     */
    public static void requireServable(String field, List<TensorSpec> model) {
        for (int i = 0; i < model.size(); i++) {
            TensorSpec t = model.get(i);
            if (TensorSpec.SERVABLE.contains(t.datatype())) continue;
            String type = t.datatype().startsWith(TensorSpec.ONNX_PREFIX)
                    ? "ONNX element type " + t.datatype().substring(TensorSpec.ONNX_PREFIX.length())
                    : "a non-tensor ONNX value (" + t.datatype() + ")";
            throw ApiException.unprocessable(field + "[" + i + "].datatype", "the model's " + field.replaceAll("s$", "")
                    + " " + t.name() + " is " + type + ", which no Open Inference Protocol datatype carries; Baton serves "
                    + TensorSpec.SERVABLE);
        }
    }

    private static List<String> names(List<TensorSpec> specs) {
        return specs.stream().map(TensorSpec::name).toList();
    }
}
