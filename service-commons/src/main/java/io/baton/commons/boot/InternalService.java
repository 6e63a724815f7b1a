package io.baton.commons.boot;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.AliasFor;

import io.baton.commons.security.InternalAuthConfiguration;

/**
 * Marks the application class of a service on an internal port: only the suite's own services are obeyed
 * ({@link InternalAuthConfiguration}), and its settings record, bound from its properties, is what
 * {@code /actuator/info} reports under {@code baton} ({@link SettingsInfo}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@EnableConfigurationProperties
@Import({InternalAuthConfiguration.class, SettingsInfoRegistrar.class})
public @interface InternalService {

    /** The service's one {@code @ConfigurationProperties} record: bound, and reported in {@code /actuator/info}. */
    @AliasFor(annotation = EnableConfigurationProperties.class, attribute = "value")
    Class<?>[] settings();
}
