package io.baton.gateway.serving;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.commons.tensor.Datatype;
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
 * as one vector through the aggregator (FP64 passes through float, the seam's type). Integer outputs (class labels)
 * cannot be averaged: each element takes the value most base models gave, ties to the first in variant order.
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
                if (like.datatype() == Datatype.FP32) {
                    out.putFloat(v);
                } else {
                    out.putDouble(v);
                }
            }
        }
        return new Tensor(like.name(), like.datatype(), like.shape(), out.flip());
    }

    private static Tensor majority(Tensor like, Tensor[] each) {
        int n = Math.toIntExact(like.elements());
        ByteBuffer out = ByteBuffer.allocate(n * like.datatype().bytes()).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer[] raw = new ByteBuffer[each.length];
        for (int m = 0; m < each.length; m++) {
            raw[m] = each[m] == null ? null : each[m].data().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        }
        int width = like.datatype().bytes();
        Map<Long, Integer> votes = new HashMap<>();
        for (int i = 0; i < n; i++) {
            votes.clear();
            long best = 0;
            int bestVotes = 0;
            for (ByteBuffer b : raw) {
                if (b == null) {
                    continue;
                }
                long v = width == 4 ? b.getInt(i * 4) : b.getLong(i * 8);
                int c = votes.merge(v, 1, Integer::sum);
                if (c > bestVotes) { // strictly more: ties stay with the value seen first
                    best = v;
                    bestVotes = c;
                }
            }
            if (width == 4) {
                out.putInt((int) best);
            } else {
                out.putLong(best);
            }
        }
        return new Tensor(like.name(), like.datatype(), like.shape(), out.flip());
    }
}
