package io.baton.core.schemble;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link EnsembleOutputs#write} and {@link EnsembleOutputs#read} round-trip bit for bit, with and without features. */
class EnsembleOutputsFileTest {
    @TempDir
    Path dir;

    @Test
    void writtenOutputsReadBackExactly() throws Exception {
        EnsembleOutputs synthetic = EnsembleOutputs.synthetic(50, 3);
        for (EnsembleOutputs o : new EnsembleOutputs[] {synthetic,
                new EnsembleOutputs(synthetic.models(), synthetic.classes(), synthetic.samples(), null)}) {
            Path file = dir.resolve("outputs-" + (o.features() == null ? "plain" : "features") + ".txt");
            o.write(file);
            EnsembleOutputs back = EnsembleOutputs.read(file);
            assertThat(back.models()).isEqualTo(o.models());
            assertThat(back.classes()).isEqualTo(o.classes());
            assertThat(back.samples()).hasSameSizeAs(o.samples());
            for (int i = 0; i < o.samples().size(); i++) {
                assertThat(back.samples().get(i).label()).isEqualTo(o.samples().get(i).label());
                assertThat(back.samples().get(i).outputs()).isDeepEqualTo(o.samples().get(i).outputs());
                if (o.features() != null) assertThat(back.features().get(i)).containsExactly(o.features().get(i));
            }
            if (o.features() == null) assertThat(back.features()).isNull();
        }
    }
}
