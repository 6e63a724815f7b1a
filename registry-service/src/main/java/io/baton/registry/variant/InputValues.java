package io.baton.registry.variant;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.tensor.TensorSpec;
import io.baton.registry.web.ApiException;

/**
 * A variant's {@code inputValues}: per input name, the one value every element of that input takes in synthetic
 * requests (the profiler's, {@code bench live}'s), as Triton's perf_analyzer takes {@code --input-data}. A model
 * whose control flow reads an input's value (a sample rate, a mode flag) fails or takes an unrepresentative branch
 * on random values; this pins the value it is really sent. The value must fit the input's datatype: a number for
 * the numeric types (integral and in range for the integer ones), true/false for BOOL, a string for BYTES.
 */
public final class InputValues {

    private static final Map<String, BigInteger[]> INTEGER_RANGES = Map.of(
            "INT8", range(Byte.MIN_VALUE, Byte.MAX_VALUE),
            "INT16", range(Short.MIN_VALUE, Short.MAX_VALUE),
            "INT32", range(Integer.MIN_VALUE, Integer.MAX_VALUE),
            "INT64", range(Long.MIN_VALUE, Long.MAX_VALUE),
            "UINT8", range(0, 255),
            "UINT16", range(0, 65_535),
            "UINT32", range(0, 4_294_967_295L),
            "UINT64", new BigInteger[] {BigInteger.ZERO, BigInteger.TWO.pow(64).subtract(BigInteger.ONE)});
    private static final BigDecimal FP16_MAX = BigDecimal.valueOf(65_504);
    private static final BigDecimal FP32_MAX = new BigDecimal(Float.MAX_VALUE);

    private InputValues() {
    }

    /** The values, in the order given, each checked against its input (422 naming {@code inputValues.<name>}); null → empty. */
    public static Map<String, JsonNode> validated(Map<String, JsonNode> declared, List<TensorSpec> inputs) {
        Map<String, JsonNode> values = new LinkedHashMap<>();
        if (declared == null) return values;
        for (Map.Entry<String, JsonNode> e : declared.entrySet()) {
            String field = "inputValues." + e.getKey();
            TensorSpec input = inputs.stream().filter(t -> t.name().equals(e.getKey())).findFirst().orElseThrow(() ->
                    ApiException.unprocessable(field, "the variant has no input named " + e.getKey() + " (its inputs: "
                            + inputs.stream().map(TensorSpec::name).toList() + ")"));
            String why = misfit(input.datatype(), e.getValue());
            if (why != null) {
                throw ApiException.unprocessable(field, "input " + input.name() + " is " + input.datatype() + ": "
                        + why + ", not " + e.getValue());
            }
            values.put(e.getKey(), e.getValue());
        }
        return values;
    }

    /** Why {@code value} is no element of {@code datatype}; null when it is. */
    static String misfit(String datatype, JsonNode value) {
        if (value == null || value.isNull()) return "its value must be one JSON scalar";
        switch (datatype) {
            case "BOOL":
                return value.isBoolean() ? null : "its value must be true or false";
            case "BYTES":
                return value.isTextual() ? null : "its value must be a string";
            case "FP16", "BF16", "FP32", "FP64":
                if (!value.isNumber()) return "its value must be a number";
                BigDecimal max = switch (datatype) {
                    case "FP16" -> FP16_MAX;
                    case "FP64" -> null;
                    default -> FP32_MAX; // BF16 has FP32's exponent range
                };
                return max == null || value.decimalValue().abs().compareTo(max) <= 0 ? null
                        : "its value must be within ±" + max.toBigInteger();
            default:
                BigInteger[] range = INTEGER_RANGES.get(datatype);
                if (range == null) return "it takes no scalar value (not a tensor of an OIP datatype)";
                if (!value.isNumber()) return "its value must be an integer";
                BigDecimal d = value.decimalValue();
                if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) return "its value must be an integer";
                BigInteger i = d.toBigInteger();
                return i.compareTo(range[0]) >= 0 && i.compareTo(range[1]) <= 0 ? null
                        : "its value must be in [" + range[0] + ", " + range[1] + "]";
        }
    }

    private static BigInteger[] range(long min, long max) {
        return new BigInteger[] {BigInteger.valueOf(min), BigInteger.valueOf(max)};
    }
}
