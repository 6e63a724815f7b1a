package io.baton.cli.bench;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Device;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.Clock;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.symphony.BatchingRule;
import io.baton.core.symphony.ThreadedSymphonyDispatcher;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code baton bench scheduler-throughput}: Symphony's scheduler alone (Fig. 11 left: in-process, no
 * network, no GPUs) on a wall clock: the threaded dispatcher with emulated devices (each batch holds its
 * device for ℓ(b) of real time), fed by a load generator thread as fast as the dispatcher absorbs
 * requests (the generator keeps at most a bounded backlog in the mailboxes). Sustained throughput is
 * requests decided (dispatched or dropped) per second of wall time after a warm-up.
 *
 * <p>Models are ResNet50-like on an A100 (Table 6: α 0.268, β 5.172 ms, SLO 20 ms) so that 10,000
 * devices have capacity to spare at millions of requests per second: the scheduler, not the emulated
 * cluster, is what is measured.
 */
public final class SchedulerThroughputBench {

    public record Result(int models, int devices, int modelThreads, double seconds, long offered, long dispatched,
                         long dropped, long batches) {
        public double decidedPerSec() {
            return (dispatched + dropped) / seconds;
        }

        public double meanBatch() {
            return batches == 0 ? 0 : (double) dispatched / batches;
        }

        public double dropFraction() {
            long d = dispatched + dropped;
            return d == 0 ? 0 : (double) dropped / d;
        }
    }

    public static Result run(int nModels, int nDevices, int modelThreads, double seconds, double warmupSeconds) {
        LatencyProfile profile = LatencyProfile.linear(0.268, 5.172);
        List<ServedModel> models = new ArrayList<>();
        for (int m = 0; m < nModels; m++) models.add(new ServedModel(m, "resnet50-" + m, profile, 20, 1 << 20));
        List<Device> devices = new ArrayList<>();
        for (int d = 0; d < nDevices; d++) devices.add(Device.of(d));
        // Nothing behind the sink: the dispatcher's own counters are what is measured.
        DispatchSink sink = new DispatchSink() {
            @Override
            public void dispatch(Batch batch) {
            }

            @Override
            public void drop(Request request, DropReason reason) {
            }
        };
        Clock clock = Clock.system();
        ThreadedSymphonyDispatcher dispatcher = new ThreadedSymphonyDispatcher(BatchingRule.NON_WORK_CONSERVING,
                modelThreads, ThreadedSymphonyDispatcher.Mode.FREE_RUNNING, true);
        dispatcher.start(new DispatchContext(clock, action -> {
            throw new UnsupportedOperationException("free-running mode keeps its own timers");
        }, devices, models, sink));
        try {
            final int chunk = 512;
            final long backlogCap = 8L * chunk * modelThreads;
            long id = 0;
            int cursor = 0;
            long startMeasure = -1;
            long d0 = 0, p0 = 0, b0 = 0, off0 = 0;
            long t0 = System.nanoTime();
            long warmupEnd = t0 + (long) (warmupSeconds * 1e9);
            long end = warmupEnd + (long) (seconds * 1e9);
            int[] sizes = new int[modelThreads];
            Request[][] buffers = new Request[modelThreads][chunk];
            while (true) {
                long now = System.nanoTime();
                if (startMeasure < 0 && now >= warmupEnd) {
                    startMeasure = now;
                    d0 = dispatcher.dispatchedRequests();
                    p0 = dispatcher.droppedRequests();
                    b0 = dispatcher.batches();
                    off0 = id;
                }
                if (now >= end) break;
                long decided = dispatcher.dispatchedRequests() + dispatcher.droppedRequests();
                if (id - decided > backlogCap) {
                    // Two cores are shared with the dispatcher's threads: sleep, do not spin.
                    java.util.concurrent.locks.LockSupport.parkNanos(20_000);
                    continue;
                }
                double nowMs = clock.nowMs();
                // Requests spread round-robin over the models; each model thread gets them in chunks.
                for (int i = 0; i < chunk * modelThreads; i++) {
                    int m = cursor;
                    cursor = cursor + 1 == nModels ? 0 : cursor + 1;
                    int thread = dispatcher.modelThreadOf(m);
                    Request[] target = buffers[thread];
                    target[sizes[thread]++] = new Request(id++, m, nowMs, nowMs + 20);
                    if (sizes[thread] == chunk) {
                        dispatcher.submitAll(thread, target, nowMs);
                        buffers[thread] = new Request[chunk];
                        sizes[thread] = 0;
                    }
                }
            }
            long stop = System.nanoTime();
            double secs = (stop - startMeasure) / 1e9;
            return new Result(nModels, nDevices, modelThreads, secs, id - off0, dispatcher.dispatchedRequests() - d0,
                    dispatcher.droppedRequests() - p0, dispatcher.batches() - b0);
        } finally {
            dispatcher.close();
        }
    }

    public static void print(Result r, PrintStream out) {
        out.println("Symphony scheduler throughput (Fig. 11 left): threaded dispatcher, wall clock, emulated devices, no network");
        out.printf(Locale.ROOT, "%-8s %-8s %-13s %-8s %-16s %-10s %-10s%n",
                "models", "devices", "model-threads", "seconds", "decided req/s", "mean batch", "dropped");
        out.printf(Locale.ROOT, "%-8d %-8d %-13d %-8.1f %-16.0f %-10.1f %-10.4f%n", r.models(), r.devices(),
                r.modelThreads(), r.seconds(), r.decidedPerSec(), r.meanBatch(), r.dropFraction());
    }
}
