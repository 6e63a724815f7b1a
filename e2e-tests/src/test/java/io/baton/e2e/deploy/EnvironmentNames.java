package io.baton.e2e.deploy;

import io.baton.core.security.InternalAuth;
import java.util.List;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which environment variables a service reads: Spring Boot's relaxed binding of each property name (dots to
 * underscores, upper case, dashes removed: {@code BATON_WORKER_DEVICEID}; or, the form Spring Boot also accepts,
 * dashes as underscores: {@code BATON_WORKER_DEVICE_ID}), the variables its application.yml reads itself, and the
 * JVM's own {@code JAVA_TOOL_OPTIONS}. Anything else is a misspelling the service would silently ignore.
 */
final class EnvironmentNames {

    /** Read by the JVM, not by Spring: the containers' heap and GC options. */
    static final Set<String> JVM_VARIABLES = Set.of("JAVA_TOOL_OPTIONS");

    private final Map<String, String> variableToProperty = new TreeMap<>();

    EnvironmentNames(ServiceModule module) {
        for (String property : module.propertyNames()) {
            String underscored = property.replace('.', '_').toUpperCase();
            variableToProperty.put(underscored.replace("-", ""), property);
            variableToProperty.put(underscored.replace('-', '_'), property);
        }
        module.placeholders().forEach(p -> variableToProperty.put(p, "${" + p + "} in application.yml"));
        JVM_VARIABLES.forEach(v -> variableToProperty.put(v, "the JVM's options"));
        // Every service reads internal authentication's settings through scheduling-core, not through a record.
        for (String property : List.of(InternalAuth.SECRET_PROPERTY, InternalAuth.SECRET_FILE_PROPERTY, InternalAuth.MODE_PROPERTY)) {
            variableToProperty.put(InternalAuth.environmentName(property), property);
        }
    }

    /** The property (or placeholder) {@code variable} sets, if any. */
    Optional<String> propertyOf(String variable) {
        return Optional.ofNullable(variableToProperty.get(variable));
    }

    /** The property a variable sets, when it is a relaxed name of one. */
    static String variableFor(String property) {
        return property.replace('.', '_').replace('-', '_').toUpperCase();
    }
}
