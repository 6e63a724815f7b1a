package io.baton.registry;

import io.baton.commons.json.StrictJsonRequests;
import io.baton.commons.security.InternalAuthConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import io.baton.commons.http.HttpClients;

/** The durable state of the suite: applications, variants, ONNX artifacts, profiles and plans. */
@SpringBootApplication
@EnableConfigurationProperties(RegistryProperties.class)
// an internal port: only the suite's own services are obeyed; request bodies read strictly
@Import({InternalAuthConfiguration.class, StrictJsonRequests.class})
public class RegistryApplication {

    public static void main(String[] args) {
        HttpClients.prepareProcess(); // first: before anything starts the common pool or an HTTP client
        SpringApplication.run(RegistryApplication.class, args);
    }

    /** Reports the effective {@code baton.registry.*} settings under {@code baton} in {@code /actuator/info}. */
    @Bean
    InfoContributor batonSettingsInfo(RegistryProperties properties) {
        return builder -> builder.withDetail("baton", properties);
    }
}
