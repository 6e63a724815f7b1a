package io.baton.commons.http;

import java.net.http.HttpClient;
import java.time.Duration;

import io.baton.core.security.InternalCredentials;
import io.baton.core.util.HttpClientThreads;

/**
 * How a service's JDK {@link HttpClient}s are made: {@link #prepareProcess} once, first thing in {@code main}, then
 * {@link #internal} for every client that calls the suite's own services (it signs each request with the secret).
 */
public final class HttpClients {

    static final String KEEPALIVE = "jdk.httpclient.keepalive.timeout";

    private HttpClients() {
    }

    /**
     * Sets what the JDK's client reads once per process: async completions on the common pool rather than a thread
     * per response ({@link HttpClientThreads}), and pooled connections to the other services closed after 60 s idle,
     * before the server would (120 s), so that no request is ever sent on a connection the server is closing. An
     * explicit {@code -Djdk.httpclient.keepalive.timeout} is left as given.
     */
    public static void prepareProcess() {
        HttpClientThreads.atLeastTwoPoolThreads();
        System.setProperty(KEEPALIVE, System.getProperty(KEEPALIVE, "60"));
    }

    /** A client for the suite's own services with {@code connectTimeout}, signing every request. */
    public static HttpClient internal(InternalCredentials credentials, Duration connectTimeout) {
        return internal(credentials, HttpClient.newBuilder().connectTimeout(connectTimeout));
    }

    /**
     * {@code builder}'s client for the suite's own services, signing every request. Redirects are never followed:
     * the secret must not travel to wherever a redirect points.
     */
    public static HttpClient internal(InternalCredentials credentials, HttpClient.Builder builder) {
        return credentials.signing(builder.followRedirects(HttpClient.Redirect.NEVER).build());
    }
}
