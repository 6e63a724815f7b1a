/**
 * The services' HTTP clients: {@link io.baton.commons.http.HttpClients} (the JDK client's process settings, and the
 * signed client for calls to the suite's own services).
 */
package io.baton.commons.http;
