package io.baton.core.interference;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Xavier-like world of the benchmark: the 14 torchvision models of §VI-A as {@link SyntheticModel}s, and the
 * 40 scenarios of Table IV.
 *
 * <p>Table III (the models' measured characteristics) is lost from our copy of the paper, so the figures here
 * are reconstructed from what the text keeps: GPU over DLA speedups between 2.4× and 7.5× (depthwise and
 * channel-shuffle models gain most from the GPU, AlexNet and the VGG least); AlexNet's fallback GPU utilisation
 * on a DLA is 24.2% and SqueezeNet's 3.8% (§III-A2); VGG-11 is far more sensitive to memory pressure than
 * SqueezeNet and GoogLeNet (§III-B). GPU latencies are of the order TensorRT reaches on a Xavier at batch 1;
 * the scheduler's results depend on their ratios, not on their scale. The 14th model is VGG-11 (in Fig. 4,
 * in no set).
 */
public final class XavierLike {

    /** §VI-B: every model's SLO is 12× its solo GPU latency. */
    public static final double SLO_FACTOR = 12;

    private XavierLike() {}

    public static final List<SyntheticModel> ZOO = List.of(
            //                  name                 gpuMs  dlaMs               bwG   bwD   gpuUtilD layerMs memSens
            new SyntheticModel("alexnet",            2.2,  2.2 * 2.4,          0.42, 0.30, 0.242, 0.27,  0.55),
            new SyntheticModel("squeezenet1_0",      1.3,  1.3 * 3.0,          0.18, 0.12, 0.038, 0.050, 0.35),
            new SyntheticModel("squeezenet1_1",      0.9,  0.9 * 3.1,          0.15, 0.10, 0.035, 0.035, 0.30),
            new SyntheticModel("mnasnet0_5",         1.1,  1.1 * 7.5,          0.14, 0.08, 0.10,  0.021, 0.40),
            new SyntheticModel("mnasnet1_0",         1.5,  1.5 * 6.9,          0.20, 0.11, 0.12,  0.029, 0.50),
            new SyntheticModel("mnasnet1_3",         1.9,  1.9 * 6.3,          0.24, 0.13, 0.13,  0.036, 0.55),
            new SyntheticModel("shufflenet_v2_x0_5", 1.2,  1.2 * 7.0,          0.12, 0.07, 0.16,  0.022, 0.45),
            new SyntheticModel("shufflenet_v2_x1_0", 1.5,  1.5 * 6.6,          0.18, 0.10, 0.18,  0.027, 0.60),
            new SyntheticModel("mobilenet_v2",       1.6,  1.6 * 5.6,          0.26, 0.14, 0.09,  0.030, 1.00),
            new SyntheticModel("googlenet",          2.6,  2.6 * 4.2,          0.27, 0.17, 0.07,  0.045, 0.95),
            new SyntheticModel("inception_v3",       6.8,  6.8 * 4.6,          0.34, 0.22, 0.11,  0.072, 1.35),
            new SyntheticModel("resnet18",           1.9,  1.9 * 3.4,          0.33, 0.22, 0.05,  0.090, 0.75),
            new SyntheticModel("resnet50",           4.2,  4.2 * 3.8,          0.38, 0.25, 0.06,  0.079, 0.85),
            new SyntheticModel("vgg11",              6.2,  6.2 * 2.8,          0.55, 0.40, 0.08,  0.560, 1.60));

    public static Map<String, SyntheticModel> zooByName() {
        Map<String, SyntheticModel> out = new LinkedHashMap<>();
        for (SyntheticModel m : ZOO) out.put(m.name(), m);
        return out;
    }

    /** One of Table IV's sets: its models and, per mix #1..#5, each model's share of requests in percent. */
    public record ModelSet(int number, List<String> models, double[][] sharesPercent) {
        /** The shares of mix (1-based) as fractions, in the order of {@link #models()}. */
        public double[] mix(int mix) {
            double[] out = new double[models.size()];
            for (int i = 0; i < out.length; i++) out[i] = sharesPercent[i][mix - 1] / 100;
            return out;
        }
    }

    /** Table IV: 8 sets × 5 request mixes. Rows are models, columns mixes #1..#5 (each column sums to 100). */
    public static final List<ModelSet> TABLE_IV = List.of(
            new ModelSet(1, List.of("mnasnet0_5", "mnasnet1_3", "squeezenet1_1"), new double[][] {
                    {78.0, 3.5, 5.0, 28.0, 67.0}, {21.5, 60.0, 50.0, 41.5, 8.0}, {0.5, 36.5, 45.0, 30.5, 25.0}}),
            new ModelSet(2, List.of("alexnet", "mnasnet1_0", "shufflenet_v2_x1_0"), new double[][] {
                    {18.5, 52.0, 13.5, 45.5, 43.0}, {33.5, 29.5, 70.0, 46.0, 50.5}, {48.0, 18.5, 16.5, 8.5, 6.5}}),
            new ModelSet(3, List.of("googlenet", "mobilenet_v2", "shufflenet_v2_x1_0"), new double[][] {
                    {13.0, 58.0, 23.0, 61.5, 58.0}, {49.5, 34.0, 29.0, 0.5, 24.0}, {37.5, 8.0, 48.0, 38.0, 18.0}}),
            new ModelSet(4, List.of("googlenet", "inception_v3", "shufflenet_v2_x1_0"), new double[][] {
                    {24.5, 67.0, 36.5, 41.0, 25.5}, {25.5, 12.0, 21.5, 49.5, 0.5}, {50.0, 21.0, 42.0, 9.5, 74.0}}),
            new ModelSet(5, List.of("alexnet", "mnasnet0_5", "resnet18", "shufflenet_v2_x0_5", "squeezenet1_0", "squeezenet1_1"),
                    new double[][] {{3.5, 27.5, 28.0, 30.0, 2.0}, {13.0, 17.0, 5.5, 25.5, 3.5}, {2.0, 10.5, 11.0, 3.0, 15.0},
                            {54.5, 28.5, 17.0, 29.5, 11.5}, {17.5, 9.0, 13.5, 5.0, 17.5}, {9.5, 7.5, 25.0, 7.0, 50.5}}),
            new ModelSet(6, List.of("inception_v3", "resnet18", "resnet50", "shufflenet_v2_x0_5", "shufflenet_v2_x1_0", "squeezenet1_0"),
                    new double[][] {{0.5, 40.0, 31.5, 20.5, 20.0}, {6.5, 10.5, 2.0, 1.0, 3.0}, {61.0, 11.0, 13.5, 0.5, 29.5},
                            {4.0, 7.5, 12.5, 23.5, 2.5}, {13.5, 6.0, 11.5, 50.5, 21.5}, {14.5, 25.0, 29.0, 4.0, 23.5}}),
            new ModelSet(7, List.of("googlenet", "inception_v3", "resnet18", "resnet50", "shufflenet_v2_x1_0", "squeezenet1_1"),
                    new double[][] {{7.0, 38.5, 2.5, 11.5, 7.0}, {12.0, 11.5, 15.5, 7.0, 19.0}, {16.0, 10.0, 8.5, 55.0, 20.5},
                            {51.5, 7.5, 20.5, 9.0, 27.0}, {8.5, 16.0, 26.5, 7.0, 11.5}, {5.0, 16.5, 26.5, 10.5, 15.0}}),
            new ModelSet(8, List.of("alexnet", "googlenet", "inception_v3", "mnasnet1_3", "shufflenet_v2_x0_5", "shufflenet_v2_x1_0"),
                    new double[][] {{5.5, 3.0, 0.5, 11.0, 27.0}, {38.5, 6.5, 32.0, 13.0, 16.5}, {32.0, 55.0, 41.5, 6.5, 30.5},
                            {8.0, 12.5, 10.0, 28.0, 14.5}, {1.5, 10.0, 0.5, 19.5, 3.0}, {14.5, 13.0, 15.5, 22.0, 8.5}}));
}
