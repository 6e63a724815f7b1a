package io.baton.worker.batch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.OrtSession.RunOptions;
import io.baton.worker.artifact.Digests;
import io.baton.worker.batch.BatchDecoder.DecodedBatch;
import io.baton.worker.batch.BatchDecoder.DecodedInput;
import io.baton.worker.cache.ModelCache;
import io.baton.worker.runtime.RuntimeTensors;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Runs batches: makes the variant resident, checks and concatenates the inputs, waits for the device, runs ONNX
 * Runtime and splits the outputs back into the request's parts.
 *
 * <p>The device runs {@code maxConcurrentBatches} batches at once (1 by default: a device executes one batch at a
 * time, as every scheduling policy assumes); the others wait in FIFO order, and that wait is the batch's
 * {@code queueMs}. {@code executionNs} covers ONNX Runtime's {@code run} call only.
 *
 * <p>Every batch has a time limit from its receipt: the request's {@code timeoutMs} (the scheduler's wait for the
 * answer), never more than {@code maxRunNanos}. A batch whose limit passes while it waits for the device is not run;
 * one whose run is still going then is terminated by the {@link RunCanceller}. Either is answered with
 * {@link RunCancelledException}, and the device goes to the next batch: a model whose cost its input drives (a
 * {@code Loop} with an input trip count) holds the device no longer than its request was willing to wait.
 */
public final class BatchRunner {

    private final ModelCache cache;
    private final OrtEnvironment environment;
    private final String deviceId;
    private final int maxConcurrentBatches;
    private final Semaphore device;
    private final MeterRegistry meters;
    private final Timer queueTimer;
    private final DistributionSummary batchSizes;
    private final RunCanceller canceller;
    private final long maxRunNanos;
    private final long maxRunGrowthBytes;
    private final Counter cancelled;

    public BatchRunner(ModelCache cache, OrtEnvironment environment, String deviceId, int maxConcurrentBatches,
                       MeterRegistry meters) {
        this(cache, environment, deviceId, maxConcurrentBatches, meters, new RunCanceller(),
                Duration.ofMinutes(5), Long.MAX_VALUE);
    }

    /**
     * @param maxRunTime        the longest any batch may take, whatever its {@code timeoutMs}
     * @param maxRunGrowthBytes how much the process's resident set may grow during one run before it is cancelled
     */
    public BatchRunner(ModelCache cache, OrtEnvironment environment, String deviceId, int maxConcurrentBatches,
                       MeterRegistry meters, RunCanceller canceller, Duration maxRunTime,
                       long maxRunGrowthBytes) {
        this.canceller = canceller;
        this.maxRunNanos = maxRunTime.toNanos();
        this.maxRunGrowthBytes = maxRunGrowthBytes;
        this.cancelled = Counter.builder("baton.worker.batch.cancelled")
                .description("batches cancelled at their deadline").register(meters);
        this.cache = cache;
        this.environment = environment;
        this.deviceId = deviceId;
        this.maxConcurrentBatches = maxConcurrentBatches;
        this.device = new Semaphore(maxConcurrentBatches, true);
        this.meters = meters;
        this.queueTimer = Timer.builder("baton.worker.batch.queue")
                .description("time a batch waited for the device").register(meters);
        this.batchSizes = DistributionSummary.builder("baton.worker.batch.size")
                .description("rows per batch").register(meters);
    }

    public BatchResponse run(BatchRequest request) {
        long received = System.nanoTime();
        String digest = Digests.normalize(request.variant());
        if (digest == null) {
            throw BadInputException.malformed("variant", request.variant() == null
                    ? "must name the variant by the SHA-256 of its artifact"
                    : "'" + request.variant() + "' is not a SHA-256 digest (64 hex digits)");
        }
        if (request.timeoutMs() != null && request.timeoutMs() <= 0) {
            throw BadInputException.malformed("timeoutMs", "must be > 0 (milliseconds the batch may take)");
        }
        boolean askedFor = request.timeoutMs() != null
                && request.timeoutMs() < TimeUnit.NANOSECONDS.toMillis(maxRunNanos);
        long budgetNanos = askedFor ? TimeUnit.MILLISECONDS.toNanos(request.timeoutMs()) : maxRunNanos;
        String budgetSource = askedFor ? "the batch's timeoutMs" : "baton.worker.max-run-time";
        try (ModelCache.Lease lease = cache.acquire(digest)) {
            DecodedBatch batch = BatchDecoder.decode(request, lease.model().signature());
            Map<String, OnnxTensor> tensors = new LinkedHashMap<>();
            long queued = System.nanoTime();
            acquireDevice();
            long queueNanos = System.nanoTime() - queued;
            long executionNanos;
            long ended;
            List<BatchResponse.OutputTensor> outputs;
            try (RunOptions options = new RunOptions()) {
                long left = budgetNanos - (System.nanoTime() - received);
                if (left <= 0) {
                    cancelled.increment();
                    throw RunCancelledException.beforeRunning(digest, millisSince(received),
                            TimeUnit.NANOSECONDS.toMillis(budgetNanos), budgetSource);
                }
                for (DecodedInput input : batch.inputs()) {
                    tensors.put(input.name(), RuntimeTensors.create(environment, input.type(), input.shape(),
                            input.data(), input.strings()));
                }
                OrtSession session = lease.model().session();
                long start = System.nanoTime();
                // disarmed before the options are closed: the timer never touches a closed RunOptions
                RunCanceller.Armed deadline = canceller.arm(options, left, maxRunGrowthBytes);
                try (OrtSession.Result result = session.run(tensors, batch.outputs(), options)) {
                    ended = System.nanoTime();
                    executionNanos = ended - start;
                    deadline.close();
                    outputs = OutputEncoder.encode(result, batch);
                } catch (OrtException e) {
                    if (deadline.reason() == RunCanceller.Reason.MEMORY) {
                        cancelled.increment();
                        throw RunCancelledException.overMemory(digest, millisSince(received),
                                TimeUnit.NANOSECONDS.toMillis(budgetNanos), deadline.growthBytes(), maxRunGrowthBytes);
                    }
                    if (deadline.fired()) {
                        cancelled.increment();
                        throw RunCancelledException.whileRunning(digest, millisSince(received),
                                TimeUnit.NANOSECONDS.toMillis(budgetNanos), budgetSource);
                    }
                    throw e;
                } finally {
                    deadline.close();
                }
            } catch (OrtException e) {
                throw new ExecutionFailedException(digest, e);
            } finally {
                device.release();
                tensors.values().forEach(OnnxTensor::close);
            }
            lease.model().countBatch();
            queueTimer.record(queueNanos, TimeUnit.NANOSECONDS);
            batchSizes.record(batch.batchSize());
            meters.timer("baton.worker.batch.execution", "variant", digest)
                    .record(executionNanos, TimeUnit.NANOSECONDS);
            BatchResponse.Timing timing = new BatchResponse.Timing(executionNanos, executionNanos / 1e6,
                    queueNanos / 1e6, lease.waitedNanos() / 1e6, (System.nanoTime() - received) / 1e6,
                    (queued - received) / 1e6, (ended - received) / 1e6, null);
            return new BatchResponse(digest, deviceId, batch.batchSize(), outputs, timing, lease.load());
        }
    }

    private static long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** Batches on the device now. */
    public int running() {
        return maxConcurrentBatches - device.availablePermits();
    }

    /** Batches waiting for the device. */
    public int queued() {
        return device.getQueueLength();
    }

    private void acquireDevice() {
        try {
            device.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the device", e);
        }
    }

    /** ONNX Runtime refused to run a batch that passed validation (a model-specific constraint). */
    public static class ExecutionFailedException extends RuntimeException {
        public ExecutionFailedException(String digest, OrtException cause) {
            super("ONNX Runtime failed to run the batch on " + digest + ": " + cause.getMessage(), cause);
        }
    }

    static List<Long> boxed(long[] shape) {
        List<Long> list = new ArrayList<>(shape.length);
        for (long d : shape) {
            list.add(d);
        }
        return list;
    }
}
