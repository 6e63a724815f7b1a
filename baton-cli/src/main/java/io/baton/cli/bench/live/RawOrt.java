package io.baton.cli.bench.live;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The model alone: ONNX Runtime in this process, one session per thread with the workers' intra-op threads, batch
 * after batch of {@code batch} requests' inputs for {@code seconds}. What the serving path is compared with: its
 * throughput at the same batch size, and each run's latency. The batch is made as the serving path makes it: the
 * requests' tensors joined along axis 0; a model that does not batch runs one request's tensors as they are.
 */
public final class RawOrt {
    private RawOrt() {}

    /** {@code examplesPerSecond}: requests' worth of inputs run per second, all sessions together. */
    public record Result(int batch, int threads, double examplesPerSecond, double p50Ms, double p99Ms) {}

    /**
     * @param requests       the inputs of each request (one tensor per model input, in the model's order); cycled
     * @param batch          requests per run; 1 when {@code batchable} is false
     * @param threads        sessions, each run by its own thread
     * @param intraOpThreads each session's intra-op threads (0: ONNX Runtime's choice)
     */
    public static Result measure(byte[] model, List<List<GeneratedTensor>> requests, int batch, boolean batchable, int threads,
                                 int intraOpThreads, double seconds) throws Exception {
        if (!batchable && batch != 1) throw new IllegalArgumentException("a model that does not batch runs one request at a time, not " + batch);
        if (batch < 1 || threads < 1 || requests.isEmpty()) throw new IllegalArgumentException("batch, threads and requests must be ≥ 1");
        for (GeneratedTensor t : requests.get(0)) {
            if (!OrtTensors.supported(t.datatype())) {
                throw new UnsupportedOperationException("ONNX Runtime's Java API makes no " + t.datatype() + " tensors (input " + t.modelName() + ")");
            }
        }
        List<GeneratedTensor> input = batchOf(requests, batchable ? batch : 1, batchable);

        OrtEnvironment env = OrtEnvironment.getEnvironment();
        List<OrtSession> sessions = new ArrayList<>();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(intraOpThreads);
            options.setInterOpNumThreads(1);
            for (int t = 0; t < threads; t++) sessions.add(env.createSession(model, options));
        }
        try {
            List<String> names = modelNames(sessions.get(0), input);
            for (OrtSession s : sessions) runOnce(env, s, names, input); // warm up every session (first runs allocate)
            List<double[]> latencies = new ArrayList<>();
            long[] counts = new long[threads];
            CountDownLatch done = new CountDownLatch(threads);
            Exception[] failure = new Exception[1];
            long start = System.nanoTime(), end = start + (long) (seconds * 1e9);
            for (int t = 0; t < threads; t++) {
                double[] mine = new double[1 << 16];
                latencies.add(mine);
                int k = t;
                Thread thread = new Thread(() -> {
                    try {
                        int n = 0;
                        while (System.nanoTime() < end) {
                            long t0 = System.nanoTime();
                            runOnce(env, sessions.get(k), names, input);
                            if (n < mine.length) mine[n] = (System.nanoTime() - t0) / 1e6;
                            n++;
                        }
                        counts[k] = n;
                    } catch (Exception e) {
                        failure[0] = e;
                    } finally {
                        done.countDown();
                    }
                }, "raw-ort-" + t);
                thread.start();
            }
            done.await();
            if (failure[0] != null) throw failure[0];
            double elapsed = (System.nanoTime() - start) / 1e9;
            long runs = 0;
            List<Double> all = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                runs += counts[t];
                for (int i = 0; i < Math.min(counts[t], latencies.get(t).length); i++) all.add(latencies.get(t)[i]);
            }
            double[] lat = all.stream().mapToDouble(Double::doubleValue).toArray();
            return new Result(batch, threads, runs * batch / elapsed, PointResult.percentile(lat, 0.5), PointResult.percentile(lat, 0.99));
        } finally {
            for (OrtSession s : sessions) s.close();
        }
    }

    /** The inputs of one run: request i mod n's tensors for i in [0, batch), joined along axis 0 when the model batches. */
    static List<GeneratedTensor> batchOf(List<List<GeneratedTensor>> requests, int batch, boolean batchable) {
        if (!batchable) return requests.get(0);
        List<GeneratedTensor> joined = new ArrayList<>();
        for (int i = 0; i < requests.get(0).size(); i++) {
            List<GeneratedTensor> parts = new ArrayList<>(batch);
            for (int r = 0; r < batch; r++) parts.add(requests.get(r % requests.size()).get(i));
            joined.add(GeneratedTensor.concat(parts));
        }
        return joined;
    }

    /** The model's name for each input: the one the spec gives when the model has it, else the model's own by position. */
    private static List<String> modelNames(OrtSession session, List<GeneratedTensor> input) {
        List<String> model = new ArrayList<>(session.getInputNames());
        if (model.size() != input.size()) {
            throw new IllegalArgumentException("the model takes " + model.size() + " inputs " + model + " but the specs declare " + input.size());
        }
        boolean byName = input.stream().allMatch(t -> model.contains(t.modelName()));
        return byName ? input.stream().map(GeneratedTensor::modelName).toList() : model;
    }

    private static void runOnce(OrtEnvironment env, OrtSession session, List<String> names, List<GeneratedTensor> input) throws OrtException {
        Map<String, OnnxTensor> tensors = new LinkedHashMap<>();
        try {
            for (int i = 0; i < names.size(); i++) tensors.put(names.get(i), OrtTensors.create(env, input.get(i)));
            try (OrtSession.Result r = session.run(tensors)) {
                r.get(0); // the output is computed by run; reading it keeps the call honest
            }
        } finally {
            for (OnnxTensor t : tensors.values()) t.close();
        }
    }
}
