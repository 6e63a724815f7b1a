package io.baton.scheduler.actuate;

import java.time.Duration;
import java.util.Map;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@link ActuatorProperties} as Spring binds them: their defaults, with the given settings over them. */
final class ActuatorSettings {

    private ActuatorSettings() {
    }

    /** The settings bound from {@code properties}, named below {@code baton.scheduler.actuator}. */
    static ActuatorProperties bind(Map<String, ?> properties) {
        MapConfigurationPropertySource source = new MapConfigurationPropertySource();
        properties.forEach((name, value) -> source.put("baton.scheduler.actuator." + name, value));
        return new Binder(source).bindOrCreate("baton.scheduler.actuator", ActuatorProperties.class);
    }

    /** Symphony's epoch autoscaling, on, every {@code period}, with the advisor's defaults. */
    static AutoscaleSettings autoscaleEvery(Duration period) {
        return bind(Map.of("autoscale.enabled", true, "autoscale.period", period)).autoscale();
    }
}
