package io.baton.profiler;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/** Profiling jobs with ONNX Runtime: latency per batch size, load time, memory, per-class recall; writes profiles to the registry. */
@SpringBootApplication
@EnableConfigurationProperties(ProfilerProperties.class)
public class ProfilerApplication {

    public static void main(String[] args) {
        SpringApplication.run(ProfilerApplication.class, args);
    }

    /** Reports the effective {@code baton.profiler.*} settings under {@code baton} in {@code /actuator/info}. */
    @Bean
    InfoContributor batonSettingsInfo(ProfilerProperties properties) {
        return builder -> builder.withDetail("baton", properties);
    }
}
