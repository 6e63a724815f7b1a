package io.baton.worker.warmup;

import java.util.concurrent.atomic.AtomicLong;

import org.springframework.stereotype.Component;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.warmup.WarmupLoop;
import io.baton.worker.WorkerProperties;
import io.baton.worker.artifact.ArtifactSource;
import io.baton.worker.artifact.Digests;
import io.baton.worker.batch.BatchRequest;
import io.baton.worker.batch.BatchRunner;
import io.baton.worker.batch.RunCanceller;
import io.baton.worker.cache.ModelCache;
import io.baton.worker.runtime.SessionFactory;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * Synthetic batches through the worker's own batch path, in-process: the body is decoded from JSON by the
 * application's {@link ObjectMapper} (as {@code POST /internal/v1/batches} decodes it), run by a {@link BatchRunner}
 * (the same code as the controller's: {@code BatchDecoder}, ONNX Runtime through the worker's {@link SessionFactory}
 * and its private model directories, {@code OutputEncoder}), and the answer encoded to JSON again.
 *
 * <p>The built-in model is kept <b>outside</b> the worker's model cache: it lives in a cache and a runner of its own,
 * with their own meter registry, closed when the warm-up ends. So it never counts against
 * {@code baton.worker.memory-budget}, never appears in {@code GET /internal/v1/models} or a heartbeat's models, and
 * no synthetic batch shows in the worker's metrics.
 */
@Component
public class InProcessWarmupBatches implements WarmupBatches {

    /** Rows per batch, in turn: the sizes a scheduler's batches typically take. */
    private static final int[] ROWS = {1, 4, 16, 2, 8};

    private final SessionFactory sessions;
    private final WorkerProperties props;
    private final ObjectMapper json;

    InProcessWarmupBatches(SessionFactory sessions, WorkerProperties props, ObjectMapper json) {
        this.sessions = sessions;
        this.props = props;
        this.json = json;
    }

    @Override
    public Opened open() {
        byte[] model = BuiltInModel.bytes();
        String digest = Digests.sha256(model);
        ArtifactSource builtIn = new ArtifactSource() {
            @Override
            public byte[] fetch(String sha256) {
                return model;
            }

            @Override
            public String describe() {
                return "the warm-up's built-in model";
            }
        };
        SimpleMeterRegistry privateMeters = new SimpleMeterRegistry();
        ModelCache cache = new ModelCache(builtIn, sessions, props.memoryBudgetBytes(), privateMeters);
        RunCanceller canceller = new RunCanceller();
        BatchRunner runner = new BatchRunner(cache, sessions.environment(), props.deviceId(),
                props.maxConcurrentBatches(), privateMeters, canceller, props.maxRunTime(),
                props.maxRunMemory().toBytes());
        AtomicLong sent = new AtomicLong();
        return new Opened() {
            @Override
            public void run() throws Exception {
                long n = sent.getAndIncrement();
                String body = body(digest, ROWS[(int) (n % ROWS.length)], n % 2 == 1);
                BatchRequest request = json.readValue(body, BatchRequest.class);
                try {
                    json.writeValueAsBytes(runner.run(request));
                } catch (RuntimeException e) {
                    // the built-in model and its batches are fixed: what fails once fails every time
                    throw new WarmupLoop.Abandon("the built-in model's batch failed: " + e.getMessage());
                }
            }

            @Override
            public void close() {
                canceller.close();
                cache.close();
                privateMeters.close();
            }
        };
    }

    /** A batch of {@code rows} rows in two parts (as a scheduler's batch of two requests), JSON or base64 outputs. */
    static String body(String digest, int rows, boolean binaryOutputs) {
        int first = Math.max(1, rows / 2);
        StringBuilder b = new StringBuilder("{\"variant\":\"").append(digest)
                .append("\",\"inputs\":[{\"name\":\"").append(BuiltInModel.INPUT).append("\",\"datatype\":\"FP32\",\"parts\":[");
        part(b, first);
        if (rows > first) {
            b.append(',');
            part(b, rows - first);
        }
        return b.append("]}],\"binaryOutputs\":").append(binaryOutputs).append('}').toString();
    }

    private static void part(StringBuilder b, int rows) {
        b.append("{\"shape\":[").append(rows).append(',').append(BuiltInModel.FEATURES).append("],\"data\":[");
        for (int i = 0; i < rows * BuiltInModel.FEATURES; i++) {
            b.append(i > 0 ? "," : "").append((i % 7) * 0.125);
        }
        b.append("]}");
    }
}
