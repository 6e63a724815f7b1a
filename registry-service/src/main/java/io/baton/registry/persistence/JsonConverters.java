package io.baton.registry.persistence;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.application.Penalty;
import io.baton.registry.profile.InterferenceFeatures;
import io.baton.registry.profile.LatencyPoint;
import io.baton.registry.tensor.TensorSpec;

import jakarta.persistence.Converter;

/** The JSON column types of the schema, one converter each (JPA needs a concrete class per type). */
public final class JsonConverters {

    private JsonConverters() {
    }

    @Converter
    public static class TensorSpecs extends JsonColumn<List<TensorSpec>> { }

    @Converter
    public static class OneTensorSpec extends JsonColumn<TensorSpec> { }

    @Converter
    public static class Strings extends JsonColumn<List<String>> { }

    @Converter
    public static class Doubles extends JsonColumn<List<Double>> { }

    @Converter
    public static class Longs extends JsonColumn<List<Long>> { }

    @Converter
    public static class DoubleMatrix extends JsonColumn<List<List<Double>>> { }

    @Converter
    public static class LongMatrix extends JsonColumn<List<List<Long>>> { }

    @Converter
    public static class LatencyPoints extends JsonColumn<List<LatencyPoint>> { }

    @Converter
    public static class Interference extends JsonColumn<InterferenceFeatures> { }

    @Converter
    public static class PenaltyColumn extends JsonColumn<Penalty> { }

    @Converter
    public static class Json extends JsonColumn<JsonNode> { }

    @Converter
    public static class JsonByName extends JsonColumn<Map<String, JsonNode>> { }
}
