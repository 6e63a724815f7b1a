package io.baton.worker;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/** One process per device (a GPU or a CPU slice): ONNX Runtime sessions, a model cache with a memory budget, batch execution. */
@SpringBootApplication
@EnableConfigurationProperties(WorkerProperties.class)
public class WorkerApplication {

    public static void main(String[] args) {
        SpringApplication.run(WorkerApplication.class, args);
    }

    /** Reports the effective {@code baton.worker.*} settings under {@code baton} in {@code /actuator/info}. */
    @Bean
    InfoContributor batonSettingsInfo(WorkerProperties properties) {
        return builder -> builder.withDetail("baton", properties);
    }
}
