package io.baton.cli.bench.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GeneratorTest {

    static final FuzzTarget FASHION = FuzzTarget.of("127.0.0.1:8080", "fashion-single", FuzzTarget.JSON.createObjectNode()
            .<com.fasterxml.jackson.databind.node.ObjectNode>set("inputs", FuzzTarget.JSON.createArrayNode().add(FuzzTarget.JSON.createObjectNode()
                    .put("name", "input").put("datatype", "FP32").set("shape", FuzzTarget.JSON.createArrayNode().add(-1).add(1).add(28).add(28))))
            .set("outputs", FuzzTarget.JSON.createArrayNode().add(FuzzTarget.JSON.createObjectNode().put("name", "probabilities"))));

    @Test
    void aSeedAndAnIndexMakeTheSameCaseEveryTime() {
        Generator a = new Generator(FASHION, 42), b = new Generator(FASHION, 42);
        for (int i = 0; i < 500; i++) {
            FuzzCase x = a.generate(i), y = b.generate(i);
            assertThat(y.bytes()).as("case %d", i).isEqualTo(x.bytes());
            assertThat(y.title()).isEqualTo(x.title());
            assertThat(y.delivery()).isEqualTo(x.delivery());
        }
    }

    @Test
    void aCaseIsMadeWithoutTheCasesBeforeIt() {
        Generator g = new Generator(FASHION, 7);
        FuzzCase late = g.generate(1234);
        for (int i = 0; i < 100; i++) g.generate(i);
        assertThat(new Generator(FASHION, 7).generate(1234).bytes()).isEqualTo(late.bytes()).isEqualTo(g.generate(1234).bytes());
    }

    @Test
    void anotherSeedMakesOtherCases() {
        int same = 0;
        for (int i = 0; i < 200; i++) {
            if (java.util.Arrays.equals(new Generator(FASHION, 1).generate(i).bytes(), new Generator(FASHION, 2).generate(i).bytes())) same++;
        }
        assertThat(same).as("cases alike under seeds 1 and 2").isLessThan(40);
    }

    @Test
    void twoThousandCasesDrawEveryKindAndEachNamesItsSeedAndIndex() {
        Generator g = new Generator(FASHION, 1);
        Set<String> kinds = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            FuzzCase c = g.generate(i);
            kinds.add(c.kind());
            assertThat(c.title()).startsWith("seed 1 case " + i + " [" + c.kind() + "] ");
            assertThat(c.bytes()).as(c.title()).isNotEmpty();
            assertThat(c.printable()).contains(c.title());
        }
        assertThat(kinds).containsExactlyInAnyOrderElementsOf(Generator.kinds());
    }

    @Test
    void theValidRequestIsTheModelsSignatureWithZeros() {
        String json = FASHION.validRequest().toString();
        assertThat(json).startsWith("{\"id\":\"fuzz\",\"inputs\":[{\"name\":\"input\",\"datatype\":\"FP32\",\"shape\":[1,1,28,28],\"data\":[0,0,");
        assertThat(FASHION.validBinary().tensors()).hasSize(4 * 784);
    }

    @Test
    void aWholeCaseCarriesItsBodysLengthAndClosesTheConnection() {
        FuzzCase c = null;
        Generator g = new Generator(FASHION, 3);
        for (int i = 0; c == null; i++) if (g.generate(i).kind().equals("shape")) c = g.generate(i);
        String text = new String(c.bytes(), StandardCharsets.ISO_8859_1);
        String body = text.substring(text.indexOf("\r\n\r\n") + 4);
        assertThat(text).startsWith("POST /v2/models/fashion-single/infer HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n")
                .contains("Content-Length: " + body.length() + "\r\n").contains("Connection: close\r\n");
    }
}
