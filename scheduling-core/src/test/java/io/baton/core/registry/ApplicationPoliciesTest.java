package io.baton.core.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ApplicationPoliciesTest {

    @Test
    void requestScaleDispatchersServeEveryKindAndEachPapersPlannerItsOwn() {
        for (String kind : List.of("single", "ensemble", "pipeline")) {
            for (String policy : List.of("symphony", "work-conserving", "interference", "interference-off")) {
                assertThat(ApplicationPolicies.problem(policy, kind)).as("%s %s", policy, kind).isEmpty();
            }
        }
        assertThat(ApplicationPolicies.problem("schemble", "ensemble")).isEmpty();
        assertThat(ApplicationPolicies.problem("sneakpeek", "single")).isEmpty();
        assertThat(ApplicationPolicies.problem("ipa", "pipeline")).isEmpty();
        assertThat(ApplicationPolicies.problem("schemble", "pipeline"))
                .hasValue("policy schemble serves ensemble applications, not pipeline ones");
        assertThat(ApplicationPolicies.kinds("ipa")).containsExactly("pipeline");
    }

    @Test
    void anUnknownIdIsNamedWithEveryIdAnApplicationMayTake() {
        assertThat(ApplicationPolicies.problem("clockwork", "single")).hasValue("policy must be one of symphony, "
                + "work-conserving, interference, interference-off, schemble, sneakpeek, ipa, got 'clockwork'");
        assertThat(ApplicationPolicies.problem("x".repeat(65), "single").orElseThrow()).endsWith("got a 65-character id");
        assertThat(ApplicationPolicies.problem(null, "single").orElseThrow()).endsWith("got nothing");
        assertThat(ApplicationPolicies.kinds("clockwork")).isEmpty();
        // a kind the caller has not checked yet is not this class's to name
        assertThat(ApplicationPolicies.problem("schemble", "batch")).isEmpty();
    }
}
