/**
 * Plans reaching the cluster: the {@link io.baton.scheduler.actuate.Actuator} seam sets a worker pool's replica count
 * ({@link io.baton.scheduler.actuate.LocalActuator}: processes or a recorded target;
 * {@link io.baton.scheduler.actuate.KubernetesActuator}: the worker Deployments), and every scaling goes through
 * {@link io.baton.scheduler.actuate.ScalingService} (bounds, cooldown, history). Who asks:
 * {@link io.baton.scheduler.actuate.EpochAutoscaler} (Symphony §4.4 on live metrics),
 * {@link io.baton.scheduler.actuate.IpaPlanApplier} (an IPA plan's replicas), and a person through
 * {@link io.baton.scheduler.actuate.ActuatorController}. Wired by
 * {@link io.baton.scheduler.actuate.ActuatorConfiguration}.
 */
package io.baton.scheduler.actuate;
