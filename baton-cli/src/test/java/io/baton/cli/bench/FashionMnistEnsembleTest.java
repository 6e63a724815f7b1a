package io.baton.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.cli.bench.FashionMnistEnsemble.Members;
import io.baton.cli.zoo.Architectures;
import io.baton.cli.zoo.Architectures.Architecture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The member choices of {@code bench schemble --ensemble}: the default is the zoo's application in the default
 * directory; the heterogeneous one is the zoo's weakest, fastest classifier beside stronger, slower ones (as many
 * members as the default), recorded elsewhere.
 * (Recording either takes minutes; the bench itself is run as a benchmark, not here.)
 */
class FashionMnistEnsembleTest {

    @Test
    void theDefaultIsTheZoosApplicationInItsOwnDirectory() {
        assertThat(Members.of("default")).isSameAs(Members.DEFAULT);
        assertThat(Members.DEFAULT.models()).isNull();
        assertThat(Members.DEFAULT.dir()).isEqualTo(FashionMnistEnsemble.DIR);
        assertThat(Members.DEFAULT.application()).isEqualTo(FashionMnistEnsemble.APP);
        assertThat(Members.of("Heterogeneous")).isNull();
        assertThat(Members.of("")).isNull();
    }

    @Test
    void theHeterogeneousEnsembleIsTheWeakestFastestClassifierBesideStrongerSlowerOnes() {
        Members h = Members.of("heterogeneous");
        assertThat(h).isSameAs(Members.HETEROGENEOUS);
        assertThat(h.models()).containsExactly(Architectures.TINY.name(), Architectures.CONV32.name(), Architectures.WIDE.name(),
                Architectures.DEEP.name());
        assertThat(Architectures.CLASSIFIERS.stream().map(Architecture::name).toList()).containsAll(h.models());
        assertThat(Architectures.CLASSIFIERS.get(0)).isSameAs(Architectures.TINY); // "fastest first": tiny is the fastest
        assertThat(h.dir()).isNotEqualTo(Members.DEFAULT.dir()).contains("v" + FashionMnistEnsemble.VERSION);
        assertThat(h.application()).isNotEqualTo(FashionMnistEnsemble.APP);
        assertThat(List.of(Members.values())).hasSize(2);
    }
}
