package io.baton.commons.boot;

import java.util.Map;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

/**
 * Reports a service's effective settings under {@code baton} in {@code /actuator/info}: the settings record itself,
 * or the summary a {@link Summarized} one gives.
 */
public record SettingsInfo(Object settings) implements InfoContributor {

    @Override
    public void contribute(Info.Builder builder) {
        builder.withDetail("baton", settings instanceof Summarized summarized ? summarized.infoSummary() : settings);
    }

    /** Settings that show a summary of themselves in {@code /actuator/info} rather than every component. */
    public interface Summarized {

        /** What {@code /actuator/info} shows, in this order. */
        Map<String, Object> infoSummary();
    }
}
