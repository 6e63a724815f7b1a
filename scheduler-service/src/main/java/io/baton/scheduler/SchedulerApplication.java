package io.baton.scheduler;

import org.springframework.boot.autoconfigure.SpringBootApplication;

import io.baton.commons.boot.BatonService;
import io.baton.commons.boot.InternalService;

/** The live control plane: per-request dispatch by the scheduling-core policies on a wall clock, epoch planning, worker membership. */
@SpringBootApplication
@InternalService(settings = SchedulerProperties.class)
public class SchedulerApplication {

    public static void main(String[] args) {
        BatonService.run(SchedulerApplication.class, args);
    }
}
