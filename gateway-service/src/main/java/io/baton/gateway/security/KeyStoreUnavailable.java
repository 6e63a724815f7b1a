package io.baton.gateway.security;

/**
 * The registry, which holds the API keys, could not be asked: the request is answered 503, not 401, since nothing
 * says the key is wrong. Unchecked, as the suite's {@link io.baton.commons.http.ServiceClient} reports failures; the
 * methods that throw it still declare it, so that their callers see where the 503 comes from.
 */
public class KeyStoreUnavailable extends RuntimeException {

    public KeyStoreUnavailable(String message) {
        super(message);
    }
}
