/**
 * How the services read JSON: {@link io.baton.commons.json.StrictJson} (a value must already be the JSON kind its
 * field takes; duplicate keys and trailing content refused), {@link io.baton.commons.json.StrictJsonRequests} (the
 * same for a service's request bodies, as Spring configuration) and {@link io.baton.commons.json.JsonPaths} (where in
 * a body Jackson stopped, as the client wrote it).
 */
package io.baton.commons.json;
