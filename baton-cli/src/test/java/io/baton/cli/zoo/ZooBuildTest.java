package io.baton.cli.zoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Builds a small zoo (1,500 training and 500 test images) from the real Fashion-MNIST files and
 * checks it end to end through ONNX Runtime: every file opens, accuracies are sane and agree with the
 * manifest's ordering of kinds, the pipeline's two stages compose, the validation set reads back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ZooBuildTest {
    @TempDir
    static Path dir;
    Manifest manifest;
    ZooBuilder.Options options;
    final OrtEnvironment env = OrtEnvironment.getEnvironment();

    @BeforeAll
    void build() throws IOException {
        assumeThat(FashionMnist.missingFile(FashionMnist.DEFAULT_DIR)).as("Fashion-MNIST (Debian package dataset-fashion-mnist)").isNull();
        options = new ZooBuilder.Options(FashionMnist.DEFAULT_DIR, 1_500, 500, 5, 200, 7);
        manifest = new ZooBuilder(options, System.out).build(dir);
    }

    float[][] run(String model, String input, float[] x, long[] shape) throws OrtException {
        try (OrtSession s = env.createSession(dir.resolve(model + ".onnx").toString(), new OrtSession.SessionOptions());
             OnnxTensor t = OnnxTensor.createTensor(env, FloatBuffer.wrap(x), shape);
             OrtSession.Result r = s.run(Map.of(input, t))) {
            return (float[][]) r.get(0).getValue();
        }
    }

    static double accuracy(float[][] p, int[] labels) {
        int ok = 0;
        for (int i = 0; i < labels.length; i++) if (ZooBuilder.argmax(p[i], 0, p[i].length) == labels[i]) ok++;
        return (double) ok / labels.length;
    }

    @Test
    void everyClassifierOpensInOnnxRuntimeAndIsFarBetterThanChance() throws Exception {
        ValidationSet v = ValidationSet.read(dir.resolve(ZooBuilder.VALIDATION));
        assertThat(v.size()).isEqualTo(200);
        long[] shape = {v.size(), 1, 28, 28};
        List<String> classifiers = Architectures.CLASSIFIERS.stream().map(Architectures.Architecture::name).toList();
        for (Manifest.Model m : manifest.models()) {
            assertThat(dir.resolve(m.file())).exists();
            assertThat(ZooBuilder.sha256(Files.readAllBytes(dir.resolve(m.file())))).isEqualTo(m.sha256());
            if (!classifiers.contains(m.name())) continue;
            assertThat(m.testAccuracy()).as(m.name()).isBetween(0.6, 0.95);
            assertThat(accuracy(run(m.name(), "input", v.examples(), shape), v.labels())).as(m.name() + " on the validation set").isGreaterThan(0.6);
        }
        // Random convolution features beat the bare pixels, even trained on 2,000 images.
        assertThat(accuracyOf("fmnist-conv32")).isGreaterThan(accuracyOf("fmnist-tiny"));
    }

    double accuracyOf(String name) {
        return manifest.models().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow().testAccuracy();
    }

    @Test
    void thePipelineStagesComposeIntoTheClassifierTheyCameFrom() throws Exception {
        ValidationSet v = ValidationSet.read(dir.resolve(ZooBuilder.VALIDATION));
        float[] x = Arrays.copyOf(v.examples(), 8 * 784);
        float[][] feats = run(ZooBuilder.PIPE_FEATURES, "input", x, new long[] {8, 1, 28, 28});
        assertThat(feats[0]).hasSize(1568);
        float[] flat = new float[8 * 1568];
        for (int i = 0; i < 8; i++) System.arraycopy(feats[i], 0, flat, i * 1568, 1568);
        float[][] staged = run(ZooBuilder.PIPE_HEAD, "features", flat, new long[] {8, 1568});
        float[][] direct = run("fmnist-conv8", "input", x, new long[] {8, 1, 28, 28});
        for (int i = 0; i < 8; i++)
            for (int c = 0; c < 10; c++) assertThat(staged[i][c]).isCloseTo(direct[i][c], org.assertj.core.data.Offset.offset(1e-5f));
        assertThat(run(ZooBuilder.PIPE_HEAD_SMALL, "features", flat, new long[] {8, 1568})[0]).hasSize(10);
    }

    @Test
    void theSameOptionsGiveTheSameBytes(@TempDir Path again) throws IOException {
        Manifest second = new ZooBuilder(options, System.out).build(again);
        assertThat(second.models().stream().map(Manifest.Model::sha256).toList())
                .isEqualTo(manifest.models().stream().map(Manifest.Model::sha256).toList());
        assertThat(Files.readAllBytes(again.resolve(ZooBuilder.VALIDATION))).isEqualTo(Files.readAllBytes(dir.resolve(ZooBuilder.VALIDATION)));
    }

    @Test
    void theManifestDescribesTheThreeDemoApplications() throws IOException {
        JsonNode m = new ObjectMapper().readTree(dir.resolve(ZooBuilder.MANIFEST).toFile());
        assertThat(m.path("version").asInt()).isEqualTo(ZooBuilder.VERSION);
        assertThat(m.path("classLabels")).hasSize(10);
        List<String> kinds = new ArrayList<>();
        m.path("applications").forEach(a -> kinds.add(a.path("kind").asText()));
        assertThat(kinds).containsExactly("single", "ensemble", "pipeline");
        JsonNode single = m.path("applications").get(0);
        assertThat(single.path("variants").size()).isGreaterThanOrEqualTo(4);
        assertThat(m.path("applications").get(1).path("baseModels").size()).isGreaterThanOrEqualTo(3);
        assertThat(m.path("applications").get(2).path("stages")).hasSize(2);
        assertThat(single.path("input").path("shape").toString()).isEqualTo("[-1,1,28,28]");
        assertThat(ZooBuilder.isBuilt(dir, options)).isTrue();
        assertThat(ZooBuilder.isBuilt(dir, options.withTrainExamples(3_000))).isFalse();
    }
}
