package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class InputCheckTest {

    @Test
    void base64LengthAgreesWithTheDecoderOnRandomBytes() {
        SplittableRandom random = new SplittableRandom(3);
        for (int n = 0; n < 200; n++) {
            byte[] bytes = new byte[n];
            random.nextBytes(bytes);
            String s = Base64.getEncoder().encodeToString(bytes);
            assertThat(InputCheck.base64Length(s)).as(s).isEqualTo(n);
        }
    }

    @Test
    void notBase64IsRefused() {
        for (String bad : new String[] {"abc", "ab=c", "a=bc", "ab$c", "ab c", "====", "abcd=", "a==="}) {
            assertThat(InputCheck.base64Length(bad)).as(bad).isEqualTo(-1);
        }
    }
}
