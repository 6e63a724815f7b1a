/**
 * Symphony's autoscaling advice (§4.4): from one epoch's bad rate and device idle fraction, how many devices to
 * add (N·r/(1−r)) or release (N·f). See {@link io.baton.core.symphony.autoscale.AutoscalingAdvisor} for the
 * threshold, rounding, cap and hysteresis choices the paper leaves open.
 */
package io.baton.core.symphony.autoscale;
