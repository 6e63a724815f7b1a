package io.baton.gateway.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.baton.gateway.GatewayException;

/** Which requests are traced under Triton's trace settings, counted exactly; and what a setting may not be. */
class TraceSettingsTest {

    static TraceSettings settings(String level, int rate, long count) {
        return new TraceSettings(new TraceExportProperties(level, rate, count));
    }

    /** The positions (from 0) of the traced requests among {@code n} for {@code model}. */
    static List<Integer> traced(TraceSettings s, String model, int n) {
        List<Integer> traced = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (s.sample(model)) traced.add(i);
        }
        return traced;
    }

    static Map<String, List<String>> set(String name, String... values) {
        Map<String, List<String>> m = new HashMap<>();
        m.put(name, values == null ? null : List.of(values));
        return m;
    }

    @Test
    void oneRequestInRateIsTracedTheFirstOfEach() {
        TraceSettings s = settings("TIMESTAMPS", 4, -1);
        assertThat(traced(s, "a", 12)).containsExactly(0, 4, 8);
        assertThat(traced(settings("TIMESTAMPS", 1, -1), null, 3)).containsExactly(0, 1, 2);
    }

    @Test
    void offTracesNothingAndTheCountRunsOut() {
        assertThat(traced(settings("OFF", 1, -1), "a", 10)).isEmpty();

        TraceSettings s = settings("TIMESTAMPS", 2, 3);
        assertThat(traced(s, "a", 20)).containsExactly(0, 2, 4);
        assertThat(s.view(null).get(TraceSettings.COUNT)).containsExactly("0");
        s.update(null, set(TraceSettings.COUNT, "1"));
        assertThat(traced(s, "a", 4)).as("counting again, from the first request after the change").hasSize(1);
    }

    @Test
    void viewAnswersEverySettingAsTritonWritesThem() {
        assertThat(settings("TIMESTAMPS", 1000, -1).view(null)).containsExactly(
                Map.entry("trace_level", List.of("TIMESTAMPS")), Map.entry("trace_rate", List.of("1000")),
                Map.entry("trace_count", List.of("-1")), Map.entry("trace_mode", List.of("opentelemetry")));
    }

    @Test
    void aModelsSettingsOverrideTheGlobalOnesAndCountItsOwnRequests() {
        TraceSettings s = settings("TIMESTAMPS", 1000, -1);
        s.update("a", set(TraceSettings.RATE, "2"));
        assertThat(s.view("a").get(TraceSettings.RATE)).containsExactly("2");
        assertThat(s.view("b").get(TraceSettings.RATE)).as("a model without settings answers the global ones")
                .containsExactly("1000");
        assertThat(traced(s, "a", 6)).containsExactly(0, 2, 4);
        assertThat(traced(s, "b", 3)).as("b counts in the global scope, whose first request it is").containsExactly(0);

        // a model's level follows the global one until it sets its own
        s.update(null, set(TraceSettings.LEVEL, "OFF"));
        assertThat(traced(s, "a", 4)).isEmpty();
        s.update("a", set(TraceSettings.LEVEL, "timestamps"));
        assertThat(traced(s, "a", 4)).hasSize(2);
        assertThat(traced(s, "b", 4)).isEmpty();

        // cleared setting by setting, the model follows the global ones again
        s.update("a", set(TraceSettings.LEVEL, (String[]) null));
        s.update("a", set(TraceSettings.RATE, (String[]) null));
        assertThat(s.view("a")).isEqualTo(s.view(null));
        assertThat(traced(s, "a", 4)).isEmpty();
    }

    @Test
    void aModelsCountIsItsOwnOnceSet() {
        TraceSettings s = settings("TIMESTAMPS", 1, 5);
        s.update("a", set(TraceSettings.COUNT, "1"));
        assertThat(traced(s, "a", 3)).containsExactly(0);
        assertThat(traced(s, "b", 3)).hasSize(3);
        assertThat(s.view(null).get(TraceSettings.COUNT)).containsExactly("2");
    }

    @Test
    void clearingAGlobalSettingReturnsToTheConfiguredDefault() {
        TraceSettings s = settings("TIMESTAMPS", 100, -1);
        s.update(null, Map.of(TraceSettings.RATE, List.of("1"), TraceSettings.LEVEL, List.of("OFF")));
        assertThat(s.view(null).get(TraceSettings.RATE)).containsExactly("1");
        s.update(null, set(TraceSettings.RATE, (String[]) null));
        s.update(null, set(TraceSettings.LEVEL));
        assertThat(s.view(null).get(TraceSettings.RATE)).containsExactly("100");
        assertThat(s.view(null).get(TraceSettings.LEVEL)).containsExactly("TIMESTAMPS");
    }

    @Test
    void aSettingOutOfRangeOrUnknownIsRefusedByNameAndChangesNothing() {
        TraceSettings s = settings("TIMESTAMPS", 10, -1);
        Map<String, List<String>> before = s.view(null);
        assertRefused(s, set(TraceSettings.LEVEL, "TENSORS"), "trace_level TENSORS is not supported");
        assertRefused(s, set(TraceSettings.LEVEL, "OFF", "TIMESTAMPS"), "OFF cannot be given with TIMESTAMPS");
        assertRefused(s, set(TraceSettings.LEVEL, "LOUD"), "trace_level: OFF or TIMESTAMPS, got 'LOUD'");
        assertRefused(s, set(TraceSettings.RATE, "0"), "trace_rate: a whole number from 1 to 2147483647, got '0'");
        assertRefused(s, set(TraceSettings.RATE, "ten"), "got 'ten'");
        assertRefused(s, set(TraceSettings.RATE, "1", "2"), "trace_rate takes one value, got 2");
        assertRefused(s, set(TraceSettings.COUNT, "-2"), "trace_count: a whole number from -1");
        assertRefused(s, set("trace_mode", "triton"), "trace_mode is opentelemetry and cannot be changed");
        assertRefused(s, set("trace_file", "/etc/passwd"), "trace_file is not supported");
        assertRefused(s, set("log_frequency", "1"), "log_frequency is not supported");
        assertRefused(s, set("x".repeat(500), "1"), "unknown trace setting '" + "x".repeat(64) + "…'");
        Map<String, List<String>> both = new java.util.LinkedHashMap<>();
        both.put(TraceSettings.RATE, List.of("1"));
        both.put(TraceSettings.LEVEL, List.of("TENSORS"));
        assertRefused(s, both, "TENSORS");
        assertThat(s.view(null)).as("a refused request changes nothing").isEqualTo(before);
    }

    private static void assertRefused(TraceSettings s, Map<String, List<String>> change, String message) {
        assertThatThrownBy(() -> s.update(null, change)).isInstanceOf(GatewayException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(((GatewayException) e).status()).isEqualTo(400));
    }

    @Test
    void theConfiguredDefaultsAreChecked() {
        assertThatThrownBy(() -> new TraceExportProperties("TENSORS", 1, -1)).hasMessageContaining("TIMESTAMPS or OFF");
        assertThatThrownBy(() -> new TraceExportProperties("OFF", 0, -1)).hasMessageContaining("rate: 1 or more");
        assertThatThrownBy(() -> new TraceExportProperties("OFF", 1, -7)).hasMessageContaining("-1 (no limit)");
    }
}
