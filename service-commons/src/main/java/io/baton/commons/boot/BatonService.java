package io.baton.commons.boot;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import io.baton.commons.http.HttpClients;

/** Starts one of the suite's services from its {@code main}. */
public final class BatonService {

    private static final Logger log = LoggerFactory.getLogger(BatonService.class);

    private BatonService() {
    }

    /**
     * Runs the Spring Boot application {@code application}, after the process settings every service wants
     * ({@link HttpClients#prepareProcess()}): those must come first, before anything starts the common pool or an
     * HTTP client. Every service reports its {@link ServiceRestarts} as a metric.
     */
    public static ConfigurableApplicationContext run(Class<?> application, String[] args) {
        HttpClients.prepareProcess();
        SpringApplication app = new SpringApplication(application);
        app.addInitializers(context -> {
            ServiceRestarts restarts = ServiceRestarts.from(context.getEnvironment());
            if (restarts.count() > 0) {
                log.info("restart {} of this service; the last exit: {}", restarts.count(), restarts.cause());
            }
            context.getBeanFactory().registerSingleton("batonServiceRestarts", restarts);
        });
        return app.run(args);
    }
}
