/**
 * Service-to-service authentication inside the suite: one shared secret per suite, sent by the suite's own clients
 * in {@link io.baton.core.security.InternalAuth#HEADER} and checked in constant time by every internal service. The
 * services' servlet filters and HTTP clients are thin wrappers around what lives here (this package has no Spring).
 */
package io.baton.core.security;
