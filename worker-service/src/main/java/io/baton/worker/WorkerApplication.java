package io.baton.worker;

import java.util.LinkedHashMap;
import java.util.Map;

import io.baton.commons.security.InternalAuthConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import io.baton.commons.http.HttpClients;

/** One process per device (a GPU or a CPU slice): ONNX Runtime sessions, a model cache with a memory budget, batch execution. */
@SpringBootApplication
@EnableConfigurationProperties(WorkerProperties.class)
@Import(InternalAuthConfiguration.class) // an internal port: only the suite's own services are obeyed
public class WorkerApplication {

    public static void main(String[] args) {
        HttpClients.prepareProcess(); // first: before anything starts the common pool or an HTTP client
        SpringApplication.run(WorkerApplication.class, args);
    }

    /** Reports the effective {@code baton.worker.*} settings under {@code baton} in {@code /actuator/info}. */
    @Bean
    InfoContributor batonSettingsInfo(WorkerProperties properties) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("deviceId", properties.deviceId());
        settings.put("provider", properties.provider().id());
        settings.put("registryUrl", properties.registryUrl().toString());
        settings.put("schedulerUrl", properties.schedulerUrl() == null ? "none (standalone)"
                : properties.schedulerUrl().toString());
        settings.put("memoryBudgetBytes", properties.memoryBudgetBytes());
        settings.put("intraOpThreads", properties.intraOpThreads());
        settings.put("maxConcurrentBatches", properties.maxConcurrentBatches());
        settings.put("heartbeatIntervalMs", properties.heartbeatInterval().toMillis());
        return builder -> builder.withDetail("baton", settings);
    }
}
