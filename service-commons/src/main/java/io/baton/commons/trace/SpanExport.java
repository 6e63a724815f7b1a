package io.baton.commons.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.common.InstrumentationLibraryInfo;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * Request timelines as OpenTelemetry spans, handed to the OTLP {@link SpanExporter} Spring Boot configures (through
 * Micrometer Tracing's OpenTelemetry bridge) when {@code management.otlp.tracing.endpoint} is set. The spans keep the
 * ids the services propagated in {@code traceparent}, so the gateway's call span is the parent of the scheduler's
 * spans in the backend, and their times are the measured ones (a timeline is exported once it ends, not as it goes).
 * Spans wait in a bounded queue ({@value #QUEUE} spans; more are dropped and counted) and leave in batches from one
 * daemon thread: a request never waits for the backend.
 */
public final class SpanExport implements AutoCloseable {

    static final int QUEUE = 8192;
    static final int BATCH = 512;

    private static final Logger log = LoggerFactory.getLogger(SpanExport.class);
    private static final InstrumentationScopeInfo SCOPE = InstrumentationScopeInfo.create("io.baton.trace");

    /** One span of a timeline, in epoch nanoseconds; a null parent: a root. */
    public record Item(String spanId, String parentSpanId, String name, long startEpochNanos, long endEpochNanos,
                       Map<String, String> attributes) {
    }

    private final SpanExporter exporter;
    private final Resource resource;
    private final BlockingQueue<SpanData> queue = new ArrayBlockingQueue<>(QUEUE);
    private final AtomicLong dropped = new AtomicLong();
    private final Thread sender;
    private volatile boolean open = true;

    public SpanExport(SpanExporter exporter, String serviceName) {
        this.exporter = exporter;
        this.resource = Resource.getDefault().merge(Resource.create(Attributes.of(
                io.opentelemetry.api.common.AttributeKey.stringKey("service.name"), serviceName)));
        this.sender = new Thread(this::send, "trace-export");
        this.sender.setDaemon(true);
        this.sender.start();
    }

    /** A new span id (16 hex digits), for a span no context named before. */
    public static String newSpanId() {
        return TraceParent.make().spanId();
    }

    /** Queues a timeline's spans; those that do not fit are dropped (see {@link #dropped()}). */
    public void export(String traceId, boolean sampled, List<Item> items) {
        if (!sampled) return;
        for (Item item : items) {
            if (!queue.offer(data(traceId, item))) dropped.incrementAndGet();
        }
    }

    /** Spans dropped because the queue was full. */
    public long dropped() {
        return dropped.get();
    }

    private void send() {
        List<SpanData> batch = new ArrayList<>(BATCH);
        while (open || !queue.isEmpty()) {
            try {
                SpanData first = queue.poll(1, TimeUnit.SECONDS);
                if (first == null) continue;
                batch.add(first);
                queue.drainTo(batch, BATCH - 1);
                exporter.export(List.copyOf(batch)).join(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                log.debug("exporting {} span(s) failed: {}", batch.size(), e.toString());
            } finally {
                batch.clear();
            }
        }
    }

    /** Sends what is queued (for a few seconds at most) and stops. */
    @Override
    public void close() {
        open = false;
        try {
            sender.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private SpanData data(String traceId, Item item) {
        SpanContext context = SpanContext.create(traceId, item.spanId(), TraceFlags.getSampled(), TraceState.getDefault());
        SpanContext parent = item.parentSpanId() == null ? SpanContext.getInvalid()
                : SpanContext.create(traceId, item.parentSpanId(), TraceFlags.getSampled(), TraceState.getDefault());
        AttributesBuilder attributes = Attributes.builder();
        item.attributes().forEach((k, v) -> attributes.put("baton." + k, v));
        return new Data(item.name(), context, parent, item.startEpochNanos(),
                Math.max(item.startEpochNanos(), item.endEpochNanos()), attributes.build(), resource);
    }

    /** A finished span, as measured. */
    private record Data(String getName, SpanContext getSpanContext, SpanContext getParentSpanContext,
                        long getStartEpochNanos, long getEndEpochNanos, Attributes getAttributes,
                        Resource getResource) implements SpanData {

        @Override
        public SpanKind getKind() {
            return SpanKind.INTERNAL;
        }

        @Override
        public StatusData getStatus() {
            return StatusData.unset();
        }

        @Override
        public List<EventData> getEvents() {
            return List.of();
        }

        @Override
        public List<LinkData> getLinks() {
            return List.of();
        }

        @Override
        public boolean hasEnded() {
            return true;
        }

        @Override
        public int getTotalRecordedEvents() {
            return 0;
        }

        @Override
        public int getTotalRecordedLinks() {
            return 0;
        }

        @Override
        public int getTotalAttributeCount() {
            return getAttributes.size();
        }

        @Override
        @SuppressWarnings("deprecation")
        public InstrumentationLibraryInfo getInstrumentationLibraryInfo() {
            return InstrumentationLibraryInfo.create(SCOPE.getName(), null);
        }

        @Override
        public InstrumentationScopeInfo getInstrumentationScopeInfo() {
            return SCOPE;
        }
    }
}
