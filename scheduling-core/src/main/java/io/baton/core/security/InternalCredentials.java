package io.baton.core.security;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * How one process takes part in internal authentication: the secret it sends to the suite's other services (if it
 * has one) and whether it demands that secret from its own callers.
 *
 * <p>A service {@linkplain #load loads} its credentials at start: with {@code baton.internal.auth=required} (the
 * default) it needs a secret, from {@code baton.internal.secret} or the file named by
 * {@code baton.internal.secret-file}, and refuses to start without one, so that no deployment runs open by
 * oversight; {@code baton.internal.auth=disabled} is the explicit way to run without (a unit test, a developer's
 * single process). A command-line client {@linkplain #forClient reads} the same settings but needs none.
 */
public final class InternalCredentials {

    private static final InternalCredentials NONE = new InternalCredentials(null, false);

    private final InternalSecret secret;
    private final boolean enforced;

    private InternalCredentials(InternalSecret secret, boolean enforced) {
        this.secret = secret;
        this.enforced = enforced;
    }

    /** Demands {@code secret} from callers and sends it to other services. */
    public static InternalCredentials required(InternalSecret secret) {
        return new InternalCredentials(java.util.Objects.requireNonNull(secret, "secret"), true);
    }

    /** Demands nothing and sends nothing. */
    public static InternalCredentials none() {
        return NONE;
    }

    /**
     * A service's credentials from its settings ({@code setting} answers a property name, or null when unset).
     *
     * @throws InternalAuthException no secret while authentication is required, an unreadable secret file, a secret
     *                               too short, or an unknown mode; the message names the setting
     */
    public static InternalCredentials load(Function<String, String> setting) {
        String mode = blankToNull(setting.apply(InternalAuth.MODE_PROPERTY));
        boolean required;
        if (mode == null || "required".equals(mode)) {
            required = true;
        } else if ("disabled".equals(mode)) {
            required = false;
        } else {
            throw new InternalAuthException(name(InternalAuth.MODE_PROPERTY) + " must be required or disabled, got '" + mode + "'");
        }
        InternalSecret secret = secret(setting);
        if (secret == null && required) {
            throw new InternalAuthException("no internal secret: set " + name(InternalAuth.SECRET_PROPERTY) + " or "
                    + name(InternalAuth.SECRET_FILE_PROPERTY) + " to the suite's shared secret (or "
                    + name(InternalAuth.MODE_PROPERTY) + "=disabled to run without service-to-service authentication)");
        }
        // Disabled still sends a configured secret: a service that checks nothing may call one that does.
        return secret == null ? NONE : new InternalCredentials(secret, required);
    }

    /** A command-line client's credentials: the configured secret if any, none otherwise (it demands nothing). */
    public static InternalCredentials forClient(Function<String, String> setting) {
        InternalSecret secret = secret(setting);
        return secret == null ? NONE : new InternalCredentials(secret, false);
    }

    /** {@link #forClient} from this process's system properties, then its environment variables. */
    public static InternalCredentials forClientFromEnvironment() {
        return forClient(processSettings(System.getenv()));
    }

    /** Settings from system properties first, then {@code env} under each property's environment variable name. */
    public static Function<String, String> processSettings(Map<String, String> env) {
        return property -> {
            String p = System.getProperty(property);
            return p != null ? p : env.get(InternalAuth.environmentName(property));
        };
    }

    /** True when this process demands the secret from its callers. */
    public boolean enforced() {
        return enforced;
    }

    /** The secret sent to other services, if this process has one. */
    public Optional<InternalSecret> secret() {
        return Optional.ofNullable(secret);
    }

    /** True when a caller presenting {@code headerValue} (null: no header) may be served. */
    public boolean admits(String headerValue) {
        return !enforced || secret.matches(headerValue);
    }

    /** Adds the secret's header to a request to another internal service (nothing when there is no secret). */
    public HttpRequest.Builder sign(HttpRequest.Builder request) {
        if (secret != null) request.header(InternalAuth.HEADER, secret.value());
        return request;
    }

    /**
     * {@code client}, adding the secret to every request it sends (the client itself when there is no secret). Only
     * for a client that calls nothing but the suite's own services.
     */
    public java.net.http.HttpClient signing(java.net.http.HttpClient client) {
        return secret == null ? client : new SigningHttpClient(client, secret);
    }

    private static InternalSecret secret(Function<String, String> setting) {
        String value = blankToNull(setting.apply(InternalAuth.SECRET_PROPERTY));
        if (value != null) return InternalSecret.of(value, name(InternalAuth.SECRET_PROPERTY));
        String file = blankToNull(setting.apply(InternalAuth.SECRET_FILE_PROPERTY));
        if (file == null) return null;
        try {
            return InternalSecret.of(Files.readString(Path.of(file), StandardCharsets.UTF_8),
                    name(InternalAuth.SECRET_FILE_PROPERTY) + " (" + file + ")");
        } catch (IOException | InvalidPathException e) {
            throw new InternalAuthException(name(InternalAuth.SECRET_FILE_PROPERTY) + ": cannot read " + file + " ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    private static String name(String property) {
        return InternalAuth.environmentName(property) + " (" + property + ")";
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    @Override
    public String toString() {
        return "InternalCredentials[" + (enforced ? "required" : "not enforced") + ", " + (secret == null ? "no secret" : "secret set") + "]";
    }
}
