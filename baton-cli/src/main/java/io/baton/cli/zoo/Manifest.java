package io.baton.cli.zoo;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * {@code manifest.json} of a built zoo: what the quick start registers. Written last, so a directory
 * with a manifest holds a complete zoo. Tensor shapes use −1 for the symbolic batch dimension "N".
 */
public record Manifest(String zoo, int version, long seed, Dataset dataset, Training training, List<String> classLabels,
                       List<Model> models, ValidationSetInfo validationSet, List<App> applications) {

    public record Dataset(String name, String licence, String source, String debianPackage, int trainExamplesUsed,
                          int trainExamplesAvailable, int testExamples) {}

    public record Training(String method, int epochs, int batch, double learningRate, double momentum, double weightDecay) {}

    /** A tensor as ONNX Runtime and the Open Inference Protocol see it. */
    public record TensorSpec(String name, String datatype, List<Long> shape) {}

    /** One ONNX file. {@code role}: classifier, feature-extractor (pipeline stage 1) or head (stage 2). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Model(String name, String file, String sha256, long bytes, String role, String description,
                        List<TensorSpec> inputs, List<TensorSpec> outputs, Double testAccuracy, long macsPerExample,
                        long parameters) {}

    public record ValidationSetInfo(String file, String format, int examples, String source) {}

    /** A pipeline stage: its variants are interchangeable (same input and output tensors). */
    public record Stage(int index, String name, List<String> variants, TensorSpec input, TensorSpec output) {}

    /**
     * A demo application. kind single: {@code variants}; ensemble: {@code baseModels} and
     * {@code aggregation}; pipeline: {@code stages}. {@code testAccuracy} maps a variant, the whole
     * ensemble ("ensemble") or a stage-2 variant of the pipeline to its accuracy on the test set.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record App(String name, String kind, String description, TensorSpec input, TensorSpec output,
                      List<String> variants, List<String> baseModels, String aggregation, List<Stage> stages,
                      Map<String, Double> testAccuracy) {}
}
