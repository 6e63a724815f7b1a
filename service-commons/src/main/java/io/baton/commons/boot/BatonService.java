package io.baton.commons.boot;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import io.baton.commons.http.HttpClients;

/** Starts one of the suite's services from its {@code main}. */
public final class BatonService {

    private BatonService() {
    }

    /**
     * Runs the Spring Boot application {@code application}, after the process settings every service wants
     * ({@link HttpClients#prepareProcess()}): those must come first, before anything starts the common pool or an
     * HTTP client.
     */
    public static ConfigurableApplicationContext run(Class<?> application, String[] args) {
        HttpClients.prepareProcess();
        return SpringApplication.run(application, args);
    }
}
