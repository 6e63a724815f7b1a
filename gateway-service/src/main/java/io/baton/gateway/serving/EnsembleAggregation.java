package io.baton.gateway.serving;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.commons.tensor.HalfFloats;
import io.baton.commons.tensor.Tensor;
import io.baton.core.policy.Aggregator;
import io.baton.core.schemble.Aggregators;
import io.baton.gateway.GatewayException;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;

/**
 * Combines the outputs of an ensemble's base models through scheduling-core's {@link Aggregator} seam, when all or
 * only some of them ran.
 * <p>
 * The aggregator is the application's {@code policyParams.aggregator}: {@code averaging} (default; the mean of the
 * present outputs, {@link Aggregator#averaging()}), {@code weighted-averaging} or {@code voting} (Schemble's
 * {@link Aggregators}, with {@code policyParams.weights} an object of weights by variant name, 1 when left out).
 * Floating-point outputs are combined row by row (a row is one sample: the first dimension is the batch), each row
 * as one vector through the aggregator (FP64 passes through float, the seam's type; FP16 and BF16 are written back
 * in their own width). Other outputs (integer class labels, BOOL, BYTES) cannot be averaged: each element takes the
 * value most base models gave, ties to the first in variant order.
 */
final class EnsembleAggregation {

    private EnsembleAggregation() {
    }

    static Aggregator aggregatorFor(ApplicationDefinition app) {
        JsonNode params = app.policyParams();
        String name = params.path("aggregator").asText("averaging");
        return switch (name) {
            case "averaging" -> Aggregator.averaging();
            case "weighted-averaging" -> Aggregators.weightedAveraging(weights(app));
            case "voting" -> Aggregators.voting(weights(app));
            default -> throw new GatewayException(500, "misconfigured", "application '" + app.name()
                    + "' has policyParams.aggregator '" + name
                    + "'; the gateway knows averaging, weighted-averaging and voting");
        };
    }

    private static double[] weights(ApplicationDefinition app) {
        JsonNode w = app.policyParams().path("weights");
        List<VariantDefinition> models = app.variants();
        double[] weights = new double[models.size()];
        for (int m = 0; m < weights.length; m++) {
            JsonNode v = w.get(models.get(m).name());
            weights[m] = v != null && v.isNumber() ? v.doubleValue() : 1.0;
        }
        return weights;
    }

    /**
     * @param outputs per base model (variant order), its outputs under the client's names; null where it did not run
     * @param models  the base models' names, for messages
     */
    static List<Tensor> aggregate(Aggregator aggregator, List<List<Tensor>> outputs, List<String> models) {
        int first = 0;
        while (first < outputs.size() && outputs.get(first) == null) {
            first++;
        }
        if (first == outputs.size()) {
            throw new IllegalArgumentException("no base model output to aggregate");
        }
        List<Tensor> template = outputs.get(first);
        String firstModel = models.get(first);
        List<Tensor> combined = new ArrayList<>(template.size());
        for (Tensor shapeOf : template) {
            Tensor[] each = new Tensor[outputs.size()];
            for (int m = 0; m < each.length; m++) {
                if (outputs.get(m) == null) {
                    continue;
                }
                each[m] = outputs.get(m).stream().filter(t -> t.name().equals(shapeOf.name())).findFirst()
                        .orElseThrow(() -> GatewayException.badGateway("ensemble-mismatch", "base models disagree: "
                                + firstModel + " gave output '" + shapeOf.name()
                                + "' and another did not"));
                if (each[m].datatype() != shapeOf.datatype() || !Arrays.equals(each[m].shape(), shapeOf.shape())) {
                    throw GatewayException.badGateway("ensemble-mismatch", "base models disagree on output '"
                            + shapeOf.name() + "': " + firstModel + " gave " + shapeOf
                            + ", " + models.get(m) + " gave " + each[m]);
                }
            }
            combined.add(shapeOf.datatype().floating() ? averageRows(aggregator, shapeOf, each)
                    : majority(shapeOf, each));
        }
        return combined;
    }

    private static Tensor averageRows(Aggregator aggregator, Tensor like, Tensor[] each) {
        int n = Math.toIntExact(like.elements());
        int rows = like.shape().length == 0 ? 1 : (int) like.shape()[0];
        int width = rows == 0 ? 0 : n / rows;
        double[][] values = new double[each.length][];
        for (int m = 0; m < each.length; m++) {
            values[m] = each[m] == null ? null : each[m].toDoubles();
        }
        ByteBuffer out = ByteBuffer.allocate(n * like.datatype().bytes()).order(ByteOrder.LITTLE_ENDIAN);
        float[][] row = new float[each.length][];
        for (int r = 0; r < rows; r++) {
            for (int m = 0; m < each.length; m++) {
                if (values[m] == null) {
                    row[m] = null;
                    continue;
                }
                row[m] = new float[width];
                for (int c = 0; c < width; c++) {
                    row[m][c] = (float) values[m][r * width + c];
                }
            }
            float[] result = aggregator.aggregate(row);
            if (result.length != width) {
                throw new GatewayException(500, "misconfigured", "the aggregator turned a row of " + width
                        + " values of output '" + like.name() + "' into " + result.length);
            }
            for (float v : result) {
                switch (like.datatype()) {
                    case FP16 -> out.putShort(HalfFloats.floatToFp16(v));
                    case BF16 -> out.putShort(HalfFloats.floatToBf16(v));
                    case FP32 -> out.putFloat(v);
                    default -> out.putDouble(v);
                }
            }
        }
        return new Tensor(like.name(), like.datatype(), like.shape(), out.flip());
    }

    /**
     * Each element the value most base models gave, ties to the first: compared as the element's bytes, so that it
     * serves every datatype that is not averaged (integers of any width, BOOL, BYTES strings).
     */
    private static Tensor majority(Tensor like, Tensor[] each) {
        int n = Math.toIntExact(like.elements());
        List<List<ByteBuffer>> elements = new ArrayList<>(each.length);
        for (Tensor t : each) {
            elements.add(t == null ? null : elementsOf(t, n));
        }
        List<ByteBuffer> chosen = new ArrayList<>(n);
        int size = 0;
        Map<ByteBuffer, Integer> votes = new HashMap<>();
        for (int i = 0; i < n; i++) {
            votes.clear();
            ByteBuffer best = null;
            int bestVotes = 0;
            for (List<ByteBuffer> model : elements) {
                if (model == null) {
                    continue;
                }
                ByteBuffer v = model.get(i);
                int c = votes.merge(v, 1, Integer::sum);
                if (c > bestVotes) { // strictly more: ties stay with the value seen first
                    best = v;
                    bestVotes = c;
                }
            }
            chosen.add(best);
            size += best.remaining();
        }
        ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        for (ByteBuffer v : chosen) {
            out.put(v.duplicate());
        }
        return new Tensor(like.name(), like.datatype(), like.shape(), out.flip());
    }

    /** Each element's bytes (a BYTES element with its length prefix), as views of the tensor's data. */
    private static List<ByteBuffer> elementsOf(Tensor t, int n) {
        ByteBuffer data = t.data().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        List<ByteBuffer> out = new ArrayList<>(n);
        int at = data.position();
        for (int i = 0; i < n; i++) {
            int width = t.datatype().fixedWidth() ? t.datatype().bytes() : 4 + data.getInt(at);
            out.add(data.slice(at, width));
            at += width;
        }
        return out;
    }
}
