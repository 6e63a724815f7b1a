package io.baton.profiler.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import io.baton.commons.tensor.TensorSpec;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.ExternalData;
import io.baton.core.onnx.GraphBuilder;
import io.baton.core.onnx.OutsidePointingModels;
import io.baton.profiler.ProfilerProperties;
import io.baton.profiler.measure.EnsembleProfiler;
import io.baton.profiler.measure.InterferenceFeatureProfiler;
import io.baton.profiler.measure.VariantProfiler;
import io.baton.profiler.registry.EnsembleProfileBody;
import io.baton.profiler.registry.ProfileBody;
import io.baton.profiler.registry.RegistryClient;
import io.baton.profiler.registry.RegistryModel;

/**
 * The profiler's own door: a job whose variant's model points outside itself fails with that as its reason, before
 * any ONNX Runtime session is made of it and before anything is written to the registry (which is faked here, as if
 * it had let the model through).
 */
class ModelDoorTest {

    static Stream<OutsidePointingModels.Case> ways() {
        return Stream.concat(OutsidePointingModels.all("/etc/passwd").stream(),
                OutsidePointingModels.all("../../../../../../../../etc/passwd").stream());
    }

    /** A registry holding one application with one variant whose artifact is {@code model}; it records profile writes. */
    static final class OneModelRegistry implements RegistryClient {
        final byte[] model;
        int writes;

        OneModelRegistry(byte[] model) {
            this.model = model;
        }

        @Override
        public RegistryModel.Application application(String name) {
            // what the registry reads from the models handed out here (the profiler feeds a variant its declared specs)
            TensorSpec x = new TensorSpec("x", "FP32", List.of(-1L, 4L));
            return new RegistryModel.Application(name, "single", List.of("a", "b"), List.of(x),
                    List.of(new RegistryModel.Variant("leaky", 0, "ab".repeat(32), List.of(x), List.of())), null);
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
            writes++;
            return "cd".repeat(32);
        }

        @Override
        public void putEnsembleProfile(String application, EnsembleProfileBody profile) {
            writes++;
        }

        @Override
        public void putProfile(String application, String variant, String deviceKind, String provider, ProfileBody profile) {
            writes++;
        }
    }

    static ProfilingJob run(OneModelRegistry registry) throws Exception {
        ProfilerProperties properties = new Binder(new MapConfigurationPropertySource(Map.of()))
                .bindOrCreate("baton.profiler", ProfilerProperties.class);
        ProfilingJobs jobs = new ProfilingJobs(registry, new VariantProfiler(), new EnsembleProfiler(),
                new InterferenceFeatureProfiler(properties.interference()), properties);
        try {
            ProfilingJob job = jobs.submit(new JobRequest("app", null, null, null, null, List.of(1), 1, 0, null));
            for (int i = 0; i < 600 && job.finishedAt() == null; i++) TimeUnit.MILLISECONDS.sleep(50);
            return job;
        } finally {
            jobs.destroy();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ways")
    void aModelPointingOutsideFailsTheJobWithTheReason(OutsidePointingModels.Case c) throws Exception {
        OneModelRegistry registry = new OneModelRegistry(c.model());
        ProfilingJob job = run(registry);
        assertThat(job.state()).isEqualTo(JobState.FAILED);
        assertThat(job.error()).isEqualTo("variant 'leaky' (artifact " + "ab".repeat(32) + ") is refused: the model points "
                + "outside itself: " + c.where() + " points outside the model: "
                + (c.location() == null ? "data_location EXTERNAL with no location" : "location '" + c.location() + "'"));
        assertThat(job.results()).isEmpty();
        assertThat(registry.writes).isZero();
    }

    /** A zip of net.onnx (y = x + w, w's four floats at offset 8 of weights/w.bin, at {@code location}) and the data file. */
    static byte[] archive(String location) throws Exception {
        GraphBuilder g = new GraphBuilder("main");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        g.output(g.add(x, g.externalWeights("w", new long[] {4}, ExternalData.at(location, 8, 16))), "y", Dim.BATCH, Dim.of(4));
        ByteBuffer w = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putLong(7);
        for (float f : new float[] {1, 2, 3, 4}) w.putFloat(f);
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(zip)) {
            out.putNextEntry(new ZipEntry("net.onnx"));
            out.write(g.build().toBytes());
            out.putNextEntry(new ZipEntry("weights/w.bin"));
            out.write(w.array());
            out.closeEntry();
        }
        return zip.toByteArray();
    }

    @Test
    void aValidArchiveIsProfiledAndABadOneOrMalformedBytesFailTheJobWithTheReason() throws Exception {
        OneModelRegistry valid = new OneModelRegistry(archive("weights/w.bin"));
        ProfilingJob profiled = run(valid);
        assertThat(profiled.state()).as("%s", profiled.error()).isEqualTo(JobState.SUCCEEDED);
        assertThat(profiled.results()).hasSize(1);
        assertThat(valid.writes).isEqualTo(1);

        ProfilingJob climbing = run(new OneModelRegistry(archive("../weights/w.bin")));
        assertThat(climbing.state()).isEqualTo(JobState.FAILED);
        assertThat(climbing.error()).endsWith("is refused: the model archive is refused: graph 'main' initializer 'w': "
                + "location '../weights/w.bin' climbs out with '..'");
        ProfilingJob garbage = run(new OneModelRegistry(new byte[] {0x3a, 0x7f}));
        assertThat(garbage.state()).isEqualTo(JobState.FAILED);
        assertThat(garbage.error()).endsWith("is refused: not a well-formed ONNX model: field 7 at byte 1 claims 127 bytes, 0 are left");
    }
}
