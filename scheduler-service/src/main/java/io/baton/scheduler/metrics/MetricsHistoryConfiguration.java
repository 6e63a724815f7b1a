package io.baton.scheduler.metrics;

import java.time.Clock;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.baton.scheduler.leader.LeaderElection;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.membership.WorkerRegistry;

/** The sampled history: its ring sized by {@link MetricsHistoryProperties}, the sampler (leader only) and its timer. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(MetricsHistoryProperties.class)
class MetricsHistoryConfiguration {

    @Bean
    MetricsSampler metricsSampler(ServingMetrics metrics, WorkerRegistry workers, MetricsHistoryProperties properties,
                                  LeaderElection election) {
        MetricsSampler sampler = new MetricsSampler(metrics, new MetricsHistory(properties.samples()),
                () -> workers.live().stream().map(Worker::workerId).toList(), Clock.systemUTC());
        sampler.onlyWhile(election::leading);
        return sampler;
    }

    @Bean
    MetricsSamplerTimer metricsSamplerTimer(MetricsSampler sampler, MetricsHistoryProperties properties) {
        return new MetricsSamplerTimer(sampler, properties.sampleInterval().toMillis());
    }
}
