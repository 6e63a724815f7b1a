package io.baton.profiler.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.TensorSpec;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;
import io.baton.core.security.InternalCredentials;
import io.baton.profiler.ProfilerProperties;
import io.baton.profiler.measure.EnsembleProfiler;
import io.baton.profiler.measure.InterferenceFeatureProfiler;
import io.baton.profiler.measure.VariantProfiler;
import io.baton.profiler.registry.EnsembleProfileBody;
import io.baton.profiler.registry.HttpRegistryClient;
import io.baton.profiler.registry.ProfileBody;
import io.baton.profiler.registry.RegistryClient;
import io.baton.profiler.registry.RegistryModel;

/**
 * The registry lost while an automatic profiling job runs: the model is measured, the profile's write fails (the real
 * HTTP client against a port nobody listens on, as when the registry process is gone), and the job fails with
 * "registry unavailable: ..." as its reason, marked as the registry's failure. The variant is not set aside as
 * unprofilable: once the registry answers again, the next pass profiles it and the profile is written.
 */
class AutoProfilerRegistryOutageTest {

    /** One application with one variant (y = x + w); its profile writes go nowhere while {@code down}. */
    static final class OutageRegistry implements RegistryClient {
        final byte[] model;
        final RegistryClient gone;
        final List<String> profiled = new CopyOnWriteArrayList<>();
        volatile boolean down = true;

        OutageRegistry(byte[] model, URI nobodyListens) {
            this.model = model;
            this.gone = new HttpRegistryClient(nobodyListens, Duration.ofSeconds(2), new ObjectMapper().findAndRegisterModules(),
                    InternalCredentials.none());
        }

        @Override
        public List<String> applicationNames() {
            return List.of("app");
        }

        @Override
        public RegistryModel.Application application(String name) {
            TensorSpec x = new TensorSpec("x", "FP32", List.of(-1L, 4L));
            List<RegistryModel.ProfileKey> profiles = profiled.isEmpty() ? List.of()
                    : List.of(new RegistryModel.ProfileKey("cpu", "cpu"));
            return new RegistryModel.Application(name, "single", List.of("a", "b"), List.of(x),
                    List.of(new RegistryModel.Variant("plus", 0, "ab".repeat(32), List.of(x), List.of(), null, 1,
                            profiles, Map.of())), null);
        }

        @Override
        public List<RegistryModel.Dataset> datasets(String application) {
            return List.of();
        }

        @Override
        public byte[] artifact(String digest) {
            return model;
        }

        @Override
        public String upload(byte[] bytes, String type) {
            throw new UnsupportedOperationException("no ensemble here");
        }

        @Override
        public void putEnsembleProfile(String application, EnsembleProfileBody profile) {
            throw new UnsupportedOperationException("no ensemble here");
        }

        @Override
        public void putProfile(String application, String variant, String deviceKind, String provider,
                               ProfileBody profile) {
            if (down) {
                gone.putProfile(application, variant, deviceKind, provider, profile);
            }
            profiled.add(application + "/" + variant);
        }
    }

    static byte[] plus() {
        GraphBuilder g = new GraphBuilder("main");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        g.output(g.add(x, g.weights("w", new long[] {4}, new float[] {1, 2, 3, 4})), "y", Dim.BATCH, Dim.of(4));
        return g.build().toBytes();
    }

    static URI nobodyListens() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return URI.create("http://127.0.0.1:" + s.getLocalPort());
        }
    }

    @Test
    void aJobCutOffByTheRegistryFailsWithTheReasonAndTheVariantIsProfiledOnceTheRegistryIsBack() throws Exception {
        OutageRegistry registry = new OutageRegistry(plus(), nobodyListens());
        ProfilerProperties properties = new Binder(new MapConfigurationPropertySource(Map.of(
                "baton.profiler.batch-sizes", "1,2", "baton.profiler.repetitions", "2", "baton.profiler.warmup", "0",
                "baton.profiler.interference.enabled", "false")))
                .bindOrCreate("baton.profiler", ProfilerProperties.class);
        ProfilingJobs jobs = new ProfilingJobs(registry, new VariantProfiler(), new EnsembleProfiler(),
                new InterferenceFeatureProfiler(properties.interference()), properties);
        AutoProfiler auto = new AutoProfiler(jobs, "cpu", "cpu", Duration.ofMillis(100));
        try {
            ProfilingJob failed = awaitJob(jobs, j -> j.state() == JobState.FAILED);
            assertThat(failed.error()).startsWith("registry unavailable: registry unreachable");
            assertThat(failed.dependencyFailed()).isTrue();
            assertThat(registry.profiled).isEmpty();

            registry.down = false;
            ProfilingJob succeeded = awaitJob(jobs, j -> j.state() == JobState.SUCCEEDED);
            assertThat(succeeded.results()).hasSize(1);
            assertThat(registry.profiled).containsExactly("app/plus");
        } finally {
            auto.destroy();
            jobs.destroy();
        }
    }

    @Test
    void aJobTheProfilerNoLongerHoldsIsA404SayingWhy() {
        ProfilerProperties properties = new Binder(new MapConfigurationPropertySource(Map.of()))
                .bindOrCreate("baton.profiler", ProfilerProperties.class);
        ProfilingJobs jobs = new ProfilingJobs(new OutageRegistry(plus(), URI.create("http://127.0.0.1:1")),
                new VariantProfiler(), new EnsembleProfiler(),
                new InterferenceFeatureProfiler(properties.interference()), properties);
        try {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> jobs.get("from-before-a-restart"))
                    .hasMessageContaining("no profiling job from-before-a-restart")
                    .hasMessageContaining("automatic profiling starts again");
        } finally {
            jobs.destroy();
        }
    }

    /** The first job {@code done} holds for, within a generous bound (profiling a tiny model takes well under it). */
    private static ProfilingJob awaitJob(ProfilingJobs jobs, java.util.function.Predicate<ProfilingJob> done)
            throws InterruptedException {
        for (int i = 0; i < 1200; i++) {
            for (ProfilingJob j : jobs.list()) {
                if (done.test(j)) return j;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new AssertionError("no such job within 60 s: " + jobs.list().stream()
                .map(j -> j.state() + " " + j.error()).toList());
    }
}
