package io.baton.commons.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.mock.env.MockEnvironment;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

class SpanExportTest {

    /** An exporter that keeps what it is given. */
    static final class Kept implements SpanExporter {
        final List<SpanData> spans = new CopyOnWriteArrayList<>();

        @Override
        public CompletableResultCode export(Collection<SpanData> batch) {
            spans.addAll(batch);
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }

    @Test
    void exportsTheSpansWithTheIdsParentsAndTimesGiven() {
        Kept kept = new Kept();
        TraceParent trace = TraceParent.make();
        String child = SpanExport.newSpanId();
        try (SpanExport export = new SpanExport(kept, "gateway-service")) {
            export.export(trace.traceId(), true, List.of(
                    new SpanExport.Item(trace.spanId(), null, "inference", 1_000, 9_000, Map.of("outcome", "served")),
                    new SpanExport.Item(child, trace.spanId(), "admission", 1_000, 2_000, Map.of())));
            export.export(TraceParent.make().traceId(), false, List.of(
                    new SpanExport.Item(child, null, "not sampled", 1, 2, Map.of())));
        }
        assertThat(kept.spans).hasSize(2);
        SpanData root = kept.spans.get(0);
        assertThat(root.getName()).isEqualTo("inference");
        assertThat(root.getTraceId()).isEqualTo(trace.traceId());
        assertThat(root.getSpanId()).isEqualTo(trace.spanId());
        assertThat(root.getParentSpanContext().isValid()).isFalse();
        assertThat(root.getStartEpochNanos()).isEqualTo(1_000);
        assertThat(root.getEndEpochNanos()).isEqualTo(9_000);
        assertThat(root.getAttributes().asMap().toString()).contains("baton.outcome=served");
        assertThat(root.getResource().getAttributes().asMap().toString()).contains("service.name=gateway-service");
        SpanData admission = kept.spans.get(1);
        assertThat(admission.getParentSpanId()).isEqualTo(trace.spanId());
        assertThat(admission.getSpanId()).isEqualTo(child);
        assertThat(export(kept)).isZero();
    }

    private static long export(Kept kept) {
        return kept.spans.stream().filter(s -> s.getName().equals("not sampled")).count();
    }

    @Test
    void exportIsOffUnlessAnOtlpEndpointIsSet() {
        MockEnvironment none = new MockEnvironment();
        new ExportSwitch().postProcessEnvironment(none, new SpringApplication());
        assertThat(none.getProperty("management.tracing.enabled")).isEqualTo("false");

        MockEnvironment set = new MockEnvironment().withProperty(ExportSwitch.ENDPOINT, "http://tempo:4318/v1/traces");
        new ExportSwitch().postProcessEnvironment(set, new SpringApplication());
        assertThat(set.getProperty("management.tracing.enabled")).isNull();
        assertThat(set.getProperty("management.tracing.sampling.probability")).isEqualTo("0.0");

        MockEnvironment chosen = new MockEnvironment().withProperty("management.tracing.sampling.probability", "0.1")
                .withProperty(ExportSwitch.ENDPOINT, "http://tempo:4318/v1/traces");
        new ExportSwitch().postProcessEnvironment(chosen, new SpringApplication());
        assertThat(chosen.getProperty("management.tracing.sampling.probability")).as("a setting wins").isEqualTo("0.1");
    }
}
