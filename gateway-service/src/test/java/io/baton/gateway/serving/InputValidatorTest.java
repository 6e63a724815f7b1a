package io.baton.gateway.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.commons.tensor.TensorSpec;

class InputValidatorTest {

    static final List<TensorSpec> SPECS = List.of(
            new TensorSpec("image", "FP32", List.of(-1L, 1L, 2L, 2L)),
            new TensorSpec("mask", "INT64", List.of(-1L, 2L)));

    static Tensor tensor(String name, Datatype type, long... shape) {
        return new Tensor(name, type, shape, ByteBuffer.allocate((int) Tensor.elements(shape) * type.bytes()));
    }

    @Test
    void ordersInputsAsTheSpecsAndAcceptsFreeDimensions() {
        Tensor mask = tensor("mask", Datatype.INT64, 3, 2);
        Tensor image = tensor("image", Datatype.FP32, 3, 1, 2, 2);
        assertThat(InputValidator.validate("m", List.of(mask, image), SPECS)).containsExactly(image, mask);
    }

    @Test
    void everyRefusalNamesTheTensor() {
        Tensor image = tensor("image", Datatype.FP32, 1, 1, 2, 2);
        Tensor mask = tensor("mask", Datatype.INT64, 1, 2);
        refused(List.of(image), "input 'mask'", "is missing");
        refused(List.of(image, mask, tensor("extra", Datatype.FP32, 1)), "input 'extra'", "is not an input of model 'm'");
        refused(List.of(image, image, mask), "input 'image'", "is given twice");
        refused(List.of(tensor("image", Datatype.FP64, 1, 1, 2, 2), mask), "input 'image'", "datatype is FP64");
        refused(List.of(tensor("image", Datatype.FP32, 1, 4, 1), mask), "input 'image'", "has 3 dimensions");
        refused(List.of(tensor("image", Datatype.FP32, 1, 1, 2, 3), mask), "input 'image'", "has 3 in dimension 3");
        refused(List.of(tensor("image", Datatype.FP32, 0, 1, 2, 2), tensor("mask", Datatype.INT64, 0, 2)),
                "input 'image'", "batch (dimension 0) of 0");
        refused(List.of(image, tensor("mask", Datatype.INT64, 2, 2)), "input 'mask'",
                "batch (dimension 0) is 2 but input 'image' has 1");
    }

    @Test
    void aFixedBatchDimensionIsChecked() {
        List<TensorSpec> fixed = List.of(new TensorSpec("x", "FP32", List.of(1L, 3L)));
        assertThatThrownBy(() -> InputValidator.validate("m", List.of(tensor("x", Datatype.FP32, 2, 3)), fixed))
                .isInstanceOf(TensorException.class).hasMessageContaining("has 2 in dimension 0");
    }

    private static void refused(List<Tensor> inputs, String tensor, String message) {
        assertThatThrownBy(() -> InputValidator.validate("m", inputs, SPECS))
                .isInstanceOfSatisfying(TensorException.class, e -> assertThat(e.tensor()).isEqualTo(tensor))
                .hasMessageStartingWith(tensor + ": ")
                .hasMessageContaining(message);
    }
}
