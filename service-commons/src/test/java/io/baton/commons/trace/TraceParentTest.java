package io.baton.commons.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TraceParentTest {

    private static final String SAMPLE = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @Test
    void readsTheSpecificationsExample() {
        TraceParent p = TraceParent.parse(SAMPLE);
        assertThat(p.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(p.spanId()).isEqualTo("00f067aa0ba902b7");
        assertThat(p.sampled()).isTrue();
        assertThat(p.header()).isEqualTo(SAMPLE);
    }

    @Test
    void readsTheSampledFlagAlone() {
        assertThat(TraceParent.parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00").sampled()).isFalse();
        assertThat(TraceParent.parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-03").sampled()).isTrue();
    }

    @Test
    void readsALaterVersionByItsFirstFields() {
        TraceParent p = TraceParent.parse("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-what-comes-later");
        assertThat(p).isNotNull();
        assertThat(p.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "garbage",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
            "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01x",
            "0x-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00_4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e473g-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-zz"})
    void answersNothingForWhatIsMalformed(String header) {
        assertThat(TraceParent.parse(header)).isNull();
    }

    @Test
    void answersNothingForAnOverLongHeader() {
        String longer = "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-" + "a".repeat(TraceParent.MAX_LENGTH);
        assertThat(TraceParent.parse(longer)).isNull();
        assertThat(TraceParent.parse(null)).isNull();
    }

    @Test
    void makesAFreshContextForWhatIsMissingOrMalformed() {
        TraceParent made = TraceParent.parseOrMake("not a trace context");
        assertThat(TraceParent.parse(made.header())).isEqualTo(made);
        assertThat(made.sampled()).isTrue();
        assertThat(TraceParent.parseOrMake(null).traceId()).isNotEqualTo(made.traceId());
        assertThat(TraceParent.parseOrMake(SAMPLE).traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    }

    @Test
    void aChildKeepsTheTraceAndItsFlagsWithANewSpan() {
        TraceParent parent = TraceParent.parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00");
        TraceParent child = parent.child();
        assertThat(child.traceId()).isEqualTo(parent.traceId());
        assertThat(child.spanId()).isNotEqualTo(parent.spanId()).matches("[0-9a-f]{16}");
        assertThat(child.sampled()).isFalse();
    }

    @Test
    void aDecisionSetsTheSampledFlagAndKeepsTheIds() {
        TraceParent client = TraceParent.parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        TraceParent quiet = client.sampled(false);
        assertThat(quiet.header()).isEqualTo("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00");
        assertThat(quiet.sampled(true).header()).isEqualTo(client.header());
        assertThat(client.sampled(true)).isSameAs(client);
    }

    @Test
    void tellsTraceIdsInEitherCase() {
        assertThat(TraceParent.isTraceId("4bf92f3577b34da6a3ce929d0e0e4736")).isTrue();
        assertThat(TraceParent.isTraceId("4BF92F3577B34DA6A3CE929D0E0E4736")).isTrue();
        assertThat(TraceParent.isTraceId("00000000000000000000000000000000")).isFalse();
        assertThat(TraceParent.isTraceId("4bf92f3577b34da6")).isFalse();
        assertThat(TraceParent.isTraceId(null)).isFalse();
    }
}
