package io.baton.gateway.security;

/**
 * The registry, which holds the API keys, could not be asked: the request is answered 503, not 401, since nothing
 * says the key is wrong.
 */
public class KeyStoreUnavailable extends Exception {

    public KeyStoreUnavailable(String message) {
        super(message);
    }
}
