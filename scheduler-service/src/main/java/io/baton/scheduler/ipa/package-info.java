/**
 * IPA live for pipeline applications: {@link io.baton.scheduler.ipa.LivePipelinePlanner} forecasts each pipeline's
 * arrival rate from an {@link io.baton.scheduler.ipa.ArrivalSeries} and re-plans its variants, batch sizes and
 * replicas; {@link io.baton.scheduler.ipa.IpaLiveAdapter} runs that every interval and applies replica changes through
 * the actuator; {@link io.baton.scheduler.ipa.PipelinePlanController} shows the plan in force.
 */
package io.baton.scheduler.ipa;
