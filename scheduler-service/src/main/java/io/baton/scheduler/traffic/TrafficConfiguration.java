package io.baton.scheduler.traffic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.baton.scheduler.SchedulerProperties;
import io.baton.scheduler.dispatch.DispatchService;
import io.micrometer.core.instrument.MeterRegistry;

/** Wires the traffic recording to the dispatcher, unless {@code baton.scheduler.traffic.enabled=false}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TrafficProperties.class)
class TrafficConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnProperty(name = "baton.scheduler.traffic.enabled", havingValue = "true", matchIfMissing = true)
    TrafficRecorder trafficRecorder(TrafficProperties traffic, SchedulerProperties scheduler, DispatchService dispatch,
                                    MeterRegistry meters) {
        RollingFiles files;
        try {
            files = traffic.directoryPath() == null
                    ? new RollingFiles(Files.createTempDirectory("baton-traffic-"), traffic.maxFileSize().toBytes(),
                            traffic.maxFiles(), true)
                    : new RollingFiles(traffic.directoryPath(), traffic.maxFileSize().toBytes(), traffic.maxFiles(), false);
        } catch (IOException e) {
            throw new UncheckedIOException("baton.scheduler.traffic.directory: cannot use "
                    + (traffic.directoryPath() == null ? "a temporary directory" : traffic.directoryPath()) + ": "
                    + e.getMessage(), e);
        }
        TrafficRecorder recorder = new TrafficRecorder(files, traffic.queueCapacity(),
                traffic.overheadInterval().toMillis(), traffic.maxHold().toMillis(),
                2.0 * scheduler.workerCallGrace().toMillis(), meters).start();
        dispatch.listen(recorder);
        return recorder;
    }
}
