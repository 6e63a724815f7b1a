package io.baton.cli.bench.live;

import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the bench sends: the application's validation images (JSON requests of one FP32 example each, as the demo
 * zoo's applications have them), or inputs generated from the declared specs (binary requests, any datatypes and
 * number of inputs). Either way the same inputs are what ONNX Runtime runs alone for the raw comparison.
 */
final class Workload {
    /** The generated requests kept in memory at most, all together: large inputs get fewer distinct requests. */
    static final long MAX_GENERATED_BYTES = 64L << 20;

    private final LiveBench.Images images;
    private final DeclaredInputs declared;
    private final List<List<GeneratedTensor>> generated;

    private Workload(LiveBench.Images images, DeclaredInputs declared, List<List<GeneratedTensor>> generated) {
        this.images = images;
        this.declared = declared;
        this.generated = generated;
    }

    static Workload images(LiveBench.Images images, DeclaredInputs declared) {
        return new Workload(images, declared, null);
    }

    /** Up to {@code maxRequests} distinct requests (fewer when they are large), from {@code seed}. */
    static Workload generated(DeclaredInputs declared, int maxRequests, long seed, java.util.Map<String, String> values) {
        long bytes = Math.max(1, InputGenerator.bytesPerRequest(declared));
        int count = (int) Math.max(1, Math.min(maxRequests, MAX_GENERATED_BYTES / bytes));
        return new Workload(null, declared, InputGenerator.generate(declared, count, seed, values));
    }

    boolean isGenerated() {
        return generated != null;
    }

    boolean batchable() {
        return declared.batchable();
    }

    DeclaredInputs declared() {
        return declared;
    }

    HttpRequests requests(KeepAliveHttp client, URI inferUrl, Duration timeout) {
        if (!isGenerated()) {
            return new HttpRequests(client, inferUrl, images.inputName(), images.examples(), images.dims(), images.count(), timeout);
        }
        return new HttpRequests(client, inferUrl, generated.stream().map(BinaryInferRequest::of).toList(), timeout);
    }

    /** The same requests over gRPC to {@code app}: each input's bytes in {@code raw_input_contents}. */
    Requests grpcRequests(GRPCInferenceServiceGrpc.GRPCInferenceServiceStub stub, String app, Duration timeout) {
        return new GrpcRequests(stub, app, samples(), timeout);
    }

    /** Each request's inputs as tensors, for ONNX Runtime alone. */
    List<List<GeneratedTensor>> samples() {
        if (isGenerated()) return generated;
        int size = 1;
        for (int d : images.dims()) size *= d;
        long[] shape = new long[images.dims().length + 1];
        shape[0] = 1;
        for (int i = 0; i < images.dims().length; i++) shape[i + 1] = images.dims()[i];
        String modelName = declared.inputs().isEmpty() ? images.inputName() : declared.inputs().get(0).modelName();
        List<List<GeneratedTensor>> samples = new ArrayList<>(images.count());
        for (int i = 0; i < images.count(); i++) {
            ByteBuffer b = ByteBuffer.allocate(size * 4).order(ByteOrder.LITTLE_ENDIAN);
            b.asFloatBuffer().put(images.examples(), i * size, size);
            samples.add(List.of(new GeneratedTensor(images.inputName(), modelName, "FP32", shape, b.array())));
        }
        return samples;
    }

    /** One line on what is sent (generated inputs only: the images' line is the table's own). */
    String describe(long seed) {
        StringBuilder s = new StringBuilder("inputs generated from the declared specs (seed " + seed + ", " + generated.size()
                + " distinct requests, binary tensor data): ");
        List<GeneratedTensor> first = generated.get(0);
        for (int i = 0; i < first.size(); i++) {
            GeneratedTensor t = first.get(i);
            if (i > 0) s.append(", ");
            s.append(t.name()).append(' ').append(t.datatype()).append(java.util.Arrays.toString(t.shape()));
        }
        s.append(String.format(Locale.ROOT, "; %s", declared.batchable()
                ? "one example per request, batched by the serving path" + (declared.maxBatchSize() == null ? "" : " up to " + declared.maxBatchSize())
                : "the variant does not batch (maxBatchSize 0): each request runs alone"));
        return s.toString();
    }
}
