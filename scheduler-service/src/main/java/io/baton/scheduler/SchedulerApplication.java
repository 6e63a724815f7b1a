package io.baton.scheduler;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/** The live control plane: per-request dispatch by the scheduling-core policies on a wall clock, epoch planning, worker membership. */
@SpringBootApplication
@EnableConfigurationProperties(SchedulerProperties.class)
public class SchedulerApplication {

    public static void main(String[] args) {
        SpringApplication.run(SchedulerApplication.class, args);
    }

    /** Reports the effective {@code baton.scheduler.*} settings under {@code baton} in {@code /actuator/info}. */
    @Bean
    InfoContributor batonSettingsInfo(SchedulerProperties properties) {
        return builder -> builder.withDetail("baton", properties);
    }
}
