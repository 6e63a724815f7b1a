/**
 * The services' HTTP clients: {@link io.baton.commons.http.HttpClients} (the JDK client's process settings, and the
 * signed client for calls to the suite's own services) and {@link io.baton.commons.http.ServiceClient} (reads from
 * another service: 200 the body, 404 empty, anything else a failure the caller words through
 * {@link io.baton.commons.http.CallFailures}, or a problem naming the service, {@link io.baton.commons.http.ServiceProblems}).
 */
package io.baton.commons.http;
