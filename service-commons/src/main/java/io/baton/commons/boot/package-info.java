/**
 * How a service of the suite starts: {@link io.baton.commons.boot.BatonService#run} (the process settings first, then
 * Spring Boot) and, for the services on an internal port, {@link io.baton.commons.boot.InternalService} (the shared
 * secret demanded of every caller, and the service's settings record reported under {@code baton} in
 * {@code /actuator/info} by {@link io.baton.commons.boot.SettingsInfo}).
 */
package io.baton.commons.boot;
