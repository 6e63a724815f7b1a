/**
 * What a worker and the scheduler say to each other about membership: the worker's registration (with its
 * {@link io.baton.commons.membership.DeviceDescription}) and its heartbeats. One set of records serves both services,
 * so the two sides cannot drift apart.
 */
package io.baton.commons.membership;
