package io.baton.commons.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

class ServiceRestartsTest {

    private static StandardEnvironment environment(Map<String, Object> variables) {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(new MapPropertySource("test", variables));
        return env;
    }

    @Test
    void theSupervisorsCountIsTheGauge() {
        ServiceRestarts restarts = ServiceRestarts.from(environment(Map.of("BATON_RESTARTS", "3",
                "BATON_RESTART_CAUSE", "killed by SIGKILL (137)")));
        assertThat(restarts).isEqualTo(new ServiceRestarts(3, "killed by SIGKILL (137)"));
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        restarts.bindTo(meters);
        assertThat(meters.get("baton.service.restarts").gauge().value()).isEqualTo(3.0);
    }

    @Test
    void aFirstStartIsZeroRestarts() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ServiceRestarts.from(environment(Map.of())).bindTo(meters);
        assertThat(meters.get("baton.service.restarts").gauge().value()).isZero();
    }

    @Test
    void aCountThatIsNotAWholeNumberIsRefusedNamingTheVariable() {
        for (String bad : new String[] {"two", "-1", "1.5"}) {
            assertThatThrownBy(() -> ServiceRestarts.from(environment(Map.of("BATON_RESTARTS", bad))))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("BATON_RESTARTS").hasMessageContaining("'" + bad + "'");
        }
    }
}
