package io.baton.registry.persistence;

import java.util.List;

import com.fasterxml.jackson.core.type.TypeReference;
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
    public static class TensorSpecs extends JsonColumn<List<TensorSpec>> {
        public TensorSpecs() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class OneTensorSpec extends JsonColumn<TensorSpec> {
        public OneTensorSpec() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class Strings extends JsonColumn<List<String>> {
        public Strings() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class Doubles extends JsonColumn<List<Double>> {
        public Doubles() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class Longs extends JsonColumn<List<Long>> {
        public Longs() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class DoubleMatrix extends JsonColumn<List<List<Double>>> {
        public DoubleMatrix() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class LongMatrix extends JsonColumn<List<List<Long>>> {
        public LongMatrix() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class LatencyPoints extends JsonColumn<List<LatencyPoint>> {
        public LatencyPoints() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class Interference extends JsonColumn<InterferenceFeatures> {
        public Interference() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class PenaltyColumn extends JsonColumn<Penalty> {
        public PenaltyColumn() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class Json extends JsonColumn<JsonNode> {
        public Json() { super(new TypeReference<>() { }); }
    }
}
