package io.baton.scheduler.ipa;

import io.baton.core.security.InternalCredentials;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.scheduler.SchedulerProperties;
import io.baton.scheduler.actuate.ActuatorProperties;
import io.baton.scheduler.actuate.ScalingService;
import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.leader.LeaderElection;
import io.micrometer.core.instrument.MeterRegistry;

/** Wires IPA's live adaptation loop to the planner the dispatcher consults, the actuator and the registry. */
@Configuration(proxyBeanMethods = false)
class IpaConfiguration {

    @Bean(destroyMethod = "close")
    IpaLiveAdapter ipaLiveAdapter(LivePipelinePlanner planner, DispatchService dispatch, ScalingService scaling,
                                  ActuatorProperties actuator, SchedulerProperties properties, MeterRegistry meters,
                                  ObjectMapper json, InternalCredentials credentials, LeaderElection election) {
        IpaLiveAdapter adapter = new IpaLiveAdapter(planner, dispatch, scaling, actuator, properties, meters, json,
                credentials);
        adapter.onlyWhile(election::leading);
        return adapter;
    }
}
