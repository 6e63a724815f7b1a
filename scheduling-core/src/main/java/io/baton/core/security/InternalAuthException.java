package io.baton.core.security;

/** Internal authentication is misconfigured; the message is one line naming the setting to fix. */
public final class InternalAuthException extends IllegalStateException {
    public InternalAuthException(String message) {
        super(message);
    }
}
