package io.baton.cli.bench.live;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The model alone: ONNX Runtime in this process, one session per thread with one intra-op thread (as each worker
 * runs), batch after batch of {@code batch} validation images for {@code seconds}. What the serving path is
 * compared with: its throughput at the same batch size, and each run's latency.
 */
final class RawOrt {
    private RawOrt() {}

    record Result(int batch, int threads, double examplesPerSecond, double p50Ms, double p99Ms) {}

    static Result measure(byte[] model, float[] examples, int[] dims, int batch, int threads, double seconds) throws Exception {
        int size = 1;
        for (int d : dims) size *= d;
        long[] shape = new long[dims.length + 1];
        shape[0] = batch;
        for (int i = 0; i < dims.length; i++) shape[i + 1] = dims[i];
        float[] input = new float[batch * size];
        for (int i = 0; i < batch; i++) System.arraycopy(examples, (i % (examples.length / size)) * size, input, i * size, size);

        OrtEnvironment env = OrtEnvironment.getEnvironment();
        List<OrtSession> sessions = new ArrayList<>();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            for (int t = 0; t < threads; t++) sessions.add(env.createSession(model, options));
        }
        try {
            String name = sessions.get(0).getInputNames().iterator().next();
            for (OrtSession s : sessions) runOnce(env, s, name, input, shape); // warm up every session (first runs allocate)
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
                            runOnce(env, sessions.get(k), name, input, shape);
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

    private static void runOnce(OrtEnvironment env, OrtSession session, String name, float[] input, long[] shape) throws OrtException {
        try (OnnxTensor tensor = OnnxTensor.createTensor(env, FloatBuffer.wrap(input), shape);
             OrtSession.Result r = session.run(Map.of(name, tensor))) {
            r.get(0); // the output is computed by run; reading it keeps the call honest
        }
    }
}
