package io.baton.core.interference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InterferencePredictorTest {

    private static final ContentionModel TRUTH = ContentionModel.xavierLike();

    @Test
    void trainingReducesHeldOutErrorOfEverySubModel() {
        var train = TrainingSet.generate(RandomModels.generate(60, 11), TRUTH, 600, 0.01, 12);
        var heldOut = TrainingSet.generate(RandomModels.generate(30, 99), TRUTH, 200, 0.0, 13);
        MlpInterferencePredictor before = MlpInterferencePredictor.untrained(14);
        MlpInterferencePredictor after = MlpInterferencePredictor.train(train, 60, 14);
        for (SubModel s : SubModel.values()) {
            double accBefore = MlpInterferencePredictor.accuracy(before, heldOut.get(s));
            double accAfter = MlpInterferencePredictor.accuracy(after, heldOut.get(s));
            assertThat(accAfter).as("%s", s).isGreaterThan(accBefore).isGreaterThan(0.85);
            // and it beats assuming no interference at all
            assertThat(accAfter).as("%s", s).isGreaterThan(MlpInterferencePredictor.accuracy(NoInterference.INSTANCE, heldOut.get(s)));
        }
    }

    @Test
    void trainingIsDeterministicForASeed() {
        var train = TrainingSet.generate(RandomModels.generate(20, 3), TRUTH, 100, 0.01, 4);
        var a = MlpInterferencePredictor.train(train, 5, 5);
        var b = MlpInterferencePredictor.train(train, 5, 5);
        for (InterferenceSample s : train.get(SubModel.ACC_ACC_GPU)) {
            assertThat(a.slowdown(s.target(), s.targetClass(), s.coRunners()))
                    .isEqualTo(b.slowdown(s.target(), s.targetClass(), s.coRunners()));
        }
    }

    @Test
    void subModelFollowsTheCoLocationPattern() {
        ModelProfile m = TRUTH.profile(XavierLike.ZOO.get(0));
        CoRunner g = new CoRunner(m, DeviceClass.GPU), a = new CoRunner(m, DeviceClass.ACCELERATOR);
        assertThat(SubModel.select(DeviceClass.GPU, List.of())).isNull();
        assertThat(SubModel.select(DeviceClass.GPU, List.of(a))).isEqualTo(SubModel.GPU_ACC);
        assertThat(SubModel.select(DeviceClass.ACCELERATOR, List.of(g))).isEqualTo(SubModel.ACC_GPU);
        assertThat(SubModel.select(DeviceClass.GPU, List.of(a, a))).isEqualTo(SubModel.GPU_ACC_ACC);
        assertThat(SubModel.select(DeviceClass.ACCELERATOR, List.of(g, a))).isEqualTo(SubModel.ACC_ACC_GPU);
        // generalised: accelerators only, and more accelerators than the Xavier has
        assertThat(SubModel.select(DeviceClass.ACCELERATOR, List.of(a))).isEqualTo(SubModel.ACC_ACC_GPU);
        assertThat(SubModel.select(DeviceClass.GPU, List.of(a, a, a))).isEqualTo(SubModel.GPU_ACC_ACC);
        assertThat(SubModel.GPU_ACC_ACC.features(m, DeviceClass.GPU, List.of(a, a, a))).hasSize(7);
    }

    @Test
    void groundTruthReproducesFigureThree() {
        // §III-A2: ResNet-50 on the GPU slows more beside AlexNet on a DLA (GPU utilisation 24.2%) than beside SqueezeNet (3.8%)
        Map<String, SyntheticModel> zoo = XavierLike.zooByName();
        double alex = TRUTH.slowdown(zoo.get("resnet50"), DeviceClass.GPU,
                List.of(new ContentionModel.Placed(zoo.get("alexnet"), DeviceClass.ACCELERATOR)));
        double squeeze = TRUTH.slowdown(zoo.get("resnet50"), DeviceClass.GPU,
                List.of(new ContentionModel.Placed(zoo.get("squeezenet1_0"), DeviceClass.ACCELERATOR)));
        assertThat(alex).isGreaterThan(squeeze).isGreaterThan(1);
        assertThat(TRUTH.slowdown(zoo.get("resnet50"), DeviceClass.GPU, List.of())).isEqualTo(1);
        // §III-B: VGG-11 is the most sensitive
        ModelProfile vgg = TRUTH.profile(zoo.get("vgg11")), squeezeNet = TRUTH.profile(zoo.get("squeezenet1_0"));
        assertThat(vgg.on(DeviceClass.ACCELERATOR).sensitivity()).isGreaterThan(squeezeNet.on(DeviceClass.ACCELERATOR).sensitivity());
    }

    @Test
    void measuredTableAnswersEveryCoLocationItMeasured() {
        List<ModelProfile> models = XavierLike.ZOO.subList(0, 3).stream().map(TRUTH::profile).toList();
        InterferencePredictor truth = TRUTH.asPredictor(XavierLike.zooByName());
        MeasuredInterference table = MeasuredInterference.measure(models, Platform.xavier(), truth);
        List<CoRunner> co = List.of(new CoRunner(models.get(1), DeviceClass.ACCELERATOR), new CoRunner(models.get(2), DeviceClass.GPU));
        assertThat(table.slowdown(models.get(0), DeviceClass.ACCELERATOR, co))
                .isEqualTo(truth.slowdown(models.get(0), DeviceClass.ACCELERATOR, co));
        assertThat(table.slowdown(models.get(0), DeviceClass.GPU, List.of())).isEqualTo(1);
    }

    @Test
    void measuredTableJsonErrorsNameTheField() throws Exception {
        var mapper = new ObjectMapper();
        var ok = MeasuredInterference.parse(mapper.readTree("""
                {"entries":[{"target":"a","device":"gpu","coRunners":[{"model":"b","device":"dla"}],"slowdown":1.2}]}"""));
        assertThat(ok.size()).isEqualTo(1);
        assertThatThrownBy(() -> MeasuredInterference.parse(mapper.readTree("""
                {"entries":[{"target":"a","device":"gpu","coRunners":[{"model":"b","device":"cpu"}],"slowdown":1.2}]}""")))
                .hasMessage("entries[0].coRunners[0].device must be gpu or accelerator, got 'cpu'");
        assertThatThrownBy(() -> MeasuredInterference.parse(mapper.readTree("""
                {"entries":[{"target":"a","device":"gpu","coRunners":[],"slowdown":0}]}""")))
                .hasMessage("entries[0].slowdown must be a number > 0");
    }
}
