package io.baton.cli.bench.fuzz.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.cli.bench.fuzz.FuzzTarget;
import io.baton.oip.grpc.ModelInferRequest;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GrpcGeneratorTest {

    static final GrpcTarget FASHION = new GrpcTarget(new FuzzTarget("127.0.0.1:8001", "fashion-single",
            List.of(new FuzzTarget.Input("input", "FP32", new long[] {-1, 1, 28, 28})), List.of("probabilities")), 64 << 10);

    @Test
    void aSeedAndAnIndexMakeTheSameCaseEveryTime() {
        GrpcGenerator a = new GrpcGenerator(FASHION, 42), b = new GrpcGenerator(FASHION, 42);
        for (int i = 0; i < 500; i++) {
            assertThat(b.generate(i)).as("case %d", i).isEqualTo(a.generate(i));
        }
    }

    @Test
    void aCaseIsMadeWithoutTheCasesBeforeIt() {
        GrpcGenerator g = new GrpcGenerator(FASHION, 7);
        GrpcFuzzCase late = g.generate(1234);
        for (int i = 0; i < 100; i++) g.generate(i);
        assertThat(new GrpcGenerator(FASHION, 7).generate(1234)).isEqualTo(late).isEqualTo(g.generate(1234));
    }

    @Test
    void anotherSeedMakesOtherCases() {
        int same = 0;
        for (int i = 0; i < 200; i++) {
            if (new GrpcGenerator(FASHION, 1).generate(i).equals(new GrpcGenerator(FASHION, 2).generate(i))) same++;
        }
        assertThat(same).as("cases alike under seeds 1 and 2").isLessThan(40);
    }

    @Test
    void threeThousandCasesDrawEveryKindAndEachNamesItsSeedIndexAndMethod() {
        GrpcGenerator g = new GrpcGenerator(FASHION, 1);
        Set<String> kinds = new HashSet<>();
        for (int i = 0; i < 3_000; i++) {
            GrpcFuzzCase c = g.generate(i);
            kinds.add(c.kind());
            assertThat(c.title()).startsWith("seed 1 case " + i + " [" + c.kind() + "] ").contains(c.method());
            assertThat(c.printable()).startsWith(c.title());
            if (c.refused() != null) assertThat(c.refused()).hasSize(c.messages().size());
        }
        assertThat(kinds).containsExactlyInAnyOrderElementsOf(GrpcGenerator.kinds());
    }

    @Test
    void theValidRequestIsTheModelsSignatureWithZerosTypedOrRaw() throws Exception {
        ModelInferRequest typed = GrpcMessages.valid(FASHION.target()).build();
        assertThat(typed.getModelName()).isEqualTo("fashion-single");
        assertThat(typed.getInputs(0).getShapeList()).containsExactly(1L, 1L, 28L, 28L);
        assertThat(typed.getInputs(0).getContents().getFp32ContentsList()).hasSize(784).containsOnly(0f);
        ModelInferRequest raw = GrpcMessages.valid(FASHION.target(), true).build();
        assertThat(raw.getRawInputContents(0).size()).isEqualTo(4 * 784);
        assertThat(raw.getInputs(0).hasContents()).isFalse();
    }

    @Test
    void anOversizedCasePassesThePortsLargestMessage() {
        GrpcGenerator g = new GrpcGenerator(FASHION, 3);
        GrpcFuzzCase c = null;
        for (int i = 0; c == null; i++) if (g.generate(i).kind().equals("oversized")) c = g.generate(i);
        assertThat(c.bytes()).isGreaterThan(64 << 10);
        assertThat(c.printable()).hasSizeLessThan(4_000);
    }

    @Test
    void aCaseThatIsNoProtobufIsPrintedAsItsBytes() {
        GrpcFuzzCase c = new GrpcFuzzCase(1, 0, "protobuf", "junk", GrpcMessages.MODEL_INFER, List.of(new byte[] {(byte) 0xff, 0x01}),
                List.of(), GrpcDelivery.WHOLE, false, false, null);
        assertThat(c.printable()).endsWith("message 0: not a ModelInferRequest, bytes: ff 01");
    }
}
