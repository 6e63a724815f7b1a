package io.baton.scheduler;

import io.baton.commons.security.InternalAuthConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import io.baton.commons.http.HttpClients;

/** The live control plane: per-request dispatch by the scheduling-core policies on a wall clock, epoch planning, worker membership. */
@SpringBootApplication
@EnableConfigurationProperties(SchedulerProperties.class)
@Import(InternalAuthConfiguration.class) // an internal port: only the suite's own services are obeyed
public class SchedulerApplication {

    public static void main(String[] args) {
        HttpClients.prepareProcess(); // first: before anything starts the common pool or an HTTP client
        SpringApplication.run(SchedulerApplication.class, args);
    }

    /** Reports the effective {@code baton.scheduler.*} settings under {@code baton} in {@code /actuator/info}. */
    @Bean
    InfoContributor batonSettingsInfo(SchedulerProperties properties) {
        return builder -> builder.withDetail("baton", properties);
    }
}
